/** A configuration the server cannot start with; the message names what is wrong. */
export class ConfigError extends Error {}
