/** The root of every template query: any change to a template refreshes them all. */
export const templatesQueryKey = ['templates'] as const;
