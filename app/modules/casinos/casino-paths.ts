// A casino's public page. Kept apart from casinos.schema.ts, which holds the zod form
// schema: public cards import this, and zod must not reach the public pages' JavaScript.
export function casinoPath(casino: { slug: string }): string {
  return `/casino/${casino.slug}`;
}
