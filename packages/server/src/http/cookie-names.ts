/**
 * A cookie's name. Behind https it carries the '__Host-' prefix: a browser then keeps it only
 * when it is Secure, names no Domain and has the path '/', so a sibling subdomain can neither
 * plant nor overwrite it. Over plain http (the demo, the tests) the prefix would make the
 * browser drop the cookie, so the name stays plain.
 */
export const cookieNameOf = (publicUrl: URL, name: string): string =>
  publicUrl.protocol === 'https:' ? `__Host-${name}` : name;
