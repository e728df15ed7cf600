// URL rules shared by the admin schemas and the public pages (no zod here: public pages
// import safeHref, and their JavaScript stays small).
export const MAX_URL_LENGTH = 2048;

// Browsers drop tabs and line breaks inside URLs, so "/\t/evil.example" would become
// "//evil.example": no URL we store may carry white space or control characters.
// eslint-disable-next-line no-control-regex
const URL_UNSAFE = /[\s\u0000-\u001f\u007f\\]/;

/** http(s) URLs only: a javascript: or data: link must never reach a page. */
export function isWebUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH || URL_UNSAFE.test(value)) return false;
  try {
    const url = new URL(value);
    // No user part: 'https://casino.example@evil.example/' reads as the casino but leads elsewhere.
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Our own images (/media/..., /demo/..., /images/...) count as image addresses too; no other path. */
export function isImageAddress(value: string): boolean {
  return isWebUrl(value) || (/^\/(media|demo|images)\/[\w\-./]+$/.test(value) && !value.includes(".."));
}

/** A path of this site: one leading slash, nothing a browser could turn into another host. */
export function isSitePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !URL_UNSAFE.test(value) && value.length <= MAX_URL_LENGTH;
}

/**
 * The href to render for a stored link: http(s) or a path of this site, else "#". Admin
 * forms already refuse anything else; this also covers rows written by other means.
 */
export function safeHref(value: string | null | undefined): string {
  if (!value) return "#";
  // Our own paths first: most links on a page are (/git/...), and new URL() throws on each.
  return isSitePath(value) || /^#[\w-]+$/.test(value) || isWebUrl(value) ? value : "#";
}

