/**
 * The cache keys of a resource: `all` covers every query of it (what a change reads again), a
 * list page by its filter, one record by its id.
 */
export function resourceKeys<Filter>(name: string) {
  return {
    all: [name] as const,
    list: (filter: Filter) => [name, 'list', filter] as const,
    one: (id: string) => [name, 'one', id] as const,
  };
}
