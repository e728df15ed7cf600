import { isWebUrl } from "~/lib/urls";
import { isOutboundPlacement, type OutboundPlacement } from "./outbound-paths";

// Issue 11 §3: where /git/{casinoSlug} and /git/{casinoSlug}/{promotionSlug} lead, and the
// pure rules of counting a click (its day and placement). No database here: unit-tested.

/** What the redirect needs of a casino. */
export type CasinoAddress = { url: string; currentAddress: string | null; formerHosts: readonly string[] };

/**
 * A URL's host for comparing addresses: lower-case, with its port, without a leading
 * "www." (www.casino.example and casino.example are one site). Null when not http(s).
 */
export function comparableHost(value: string | null | undefined): string | null {
  if (!value || !isWebUrl(value)) return null;
  return new URL(value).host.toLowerCase().replace(/^www\./, "");
}

/** The casino's current address if it has a valid one. */
function currentAddressOf(casino: CasinoAddress): URL | null {
  return casino.currentAddress && isWebUrl(casino.currentAddress) ? new URL(casino.currentAddress) : null;
}

/**
 * A casino link leads to its current address, else its registered URL; null when neither is
 * http(s). Targets are serialised by URL (percent-encoded, an ASCII host), so any stored
 * address makes a valid Location header.
 */
export function casinoTarget(casino: CasinoAddress): string | null {
  const current = currentAddressOf(casino);
  if (current) return current.href;
  return isWebUrl(casino.url) ? new URL(casino.url).href : null;
}

/**
 * A promotion link leads to the promotion's URL; when the casino has a current address and
 * that URL is on one of the casino's known hosts (its registered URL's, or a former current
 * address's), the origin becomes the current address's and the path and query stay.
 * A URL on another host (a tracker, a partner network) is left alone. Null when not http(s).
 */
export function promotionTarget(promotionUrl: string, casino: CasinoAddress): string | null {
  if (!isWebUrl(promotionUrl)) return null;
  const current = currentAddressOf(casino);
  const moved = new URL(promotionUrl);
  if (!current) return moved.href;
  const host = comparableHost(promotionUrl);
  const known = new Set([comparableHost(casino.url), ...casino.formerHosts.map((h) => h.toLowerCase().replace(/^www\./, ""))]);
  if (!host || !known.has(host)) return moved.href;
  moved.protocol = current.protocol;
  moved.host = current.host;
  return moved.href;
}

/**
 * The former hosts after a save: the host the casino's links led to before (its previous
 * current address, or its previous registered URL) is added when the address changes, so
 * promotion links written against it keep moving. Kept in order, without repeats.
 */
export function nextFormerHosts(before: CasinoAddress, after: { url: string; currentAddress: string | null }): string[] {
  const hosts = [...before.formerHosts];
  const add = (host: string | null) => {
    if (host && !hosts.includes(host)) hosts.push(host);
  };
  if ((before.currentAddress ?? null) !== (after.currentAddress ?? null)) add(comparableHost(before.currentAddress));
  if (before.url !== after.url) add(comparableHost(before.url));
  return hosts;
}

/** Which link kind a /git/ address is: a casino's or one of its promotions'. */
export type OutboundKind = "casino" | "promotion";

/**
 * The placement a click is counted under: `?yer=` when it names one, else the link kind's
 * own (a bare casino link counts as the casino page's, a bare promotion link as its detail
 * page's: an old or shared link names one offer, as its detail page does).
 */
export function placementOf(param: string | null, kind: OutboundKind): OutboundPlacement {
  if (isOutboundPlacement(param)) return param;
  return kind === "casino" ? "casino" : "detail";
}

