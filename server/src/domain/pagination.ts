/** `offset` in the API is the page number from 1 (docs/rules.md section 2). */
export function pageWindow(page: number, limit: number) {
  return { limit, offset: (page - 1) * limit };
}

export function totalPages(total: number, limit: number): number {
  return Math.ceil(total / limit);
}
