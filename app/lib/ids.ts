const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL rejects a malformed uuid with an error; look-ups check first. */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The id a write names, for its audit row: none when it is missing or malformed. */
export function uuidOrNull(value: string | null | undefined): string | null {
  return isUuid(value) ? value : null;
}
