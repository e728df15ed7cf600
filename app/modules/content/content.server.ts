import { eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { heroSection, settings, type HeroSection } from "~/db/schema";
import { runCommand, type Actor, type CommandResult, type DomainCommands } from "~/lib/command.server";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { htmlToText } from "~/lib/text";
import { SITE_TAG } from "~/lib/page-cache.server";
import { readShared } from "~/lib/shared-reads.server";
import { complianceOf, DEFAULT_COMPLIANCE, DEFAULT_HERO, type Compliance, type Hero } from "./content";
import type { ComplianceFormInput, ContentFormInput, HeroFormInput, SettingsEditorValue } from "./content.schema";

/** The hero row, or the built-in defaults (public-site.md §2.3). A failed read is logged and the defaults stay. */
export async function getHero(): Promise<Hero> {
  try {
    const [row] = await readShared("hero", () => getDb().select().from(heroSection).where(eq(heroSection.id, 1)).limit(1));
    if (!row) return DEFAULT_HERO;
    const { upperTitle, mainTitle, highlightedText, description, buttonText, buttonUrl } = row;
    return { upperTitle, mainTitle, highlightedText, description, buttonText, buttonUrl: buttonUrl || DEFAULT_HERO.buttonUrl };
  } catch (error) {
    console.error("Hero read failed; using defaults:", error);
    return DEFAULT_HERO;
  }
}

/** settings.blog_section_text, sanitised; empty when unset (public-site.md §2.3 shows it only when non-empty). */
export function getBlogSectionText(): Promise<string> {
  return readShared("blog-section-text", async () => {
    const [row] = await getDb().select({ text: settings.blogSectionText }).from(settings).where(eq(settings.id, 1)).limit(1);
    const html = sanitizeRichText(row?.text);
    return html.replace(/<[^>]*>/g, "").trim() ? html : "";
  });
}

/**
 * Issue 11 §5: the helpline and the splash ad's period every public page carries. A failed
 * read is logged and the defaults stay: the compliance line is never missing from a page.
 */
export async function getCompliance(): Promise<Compliance> {
  try {
    const [row] = await readShared("compliance", () =>
      getDb()
        .select({ helplineLabel: settings.helplineLabel, helplineUrl: settings.helplineUrl, splashFrequencyHours: settings.splashFrequencyHours })
        .from(settings)
        .where(eq(settings.id, 1))
        .limit(1),
    );
    return complianceOf(row);
  } catch (error) {
    console.error("Compliance settings read failed; using defaults:", error);
    return DEFAULT_COMPLIANCE;
  }
}

// ---- Admin (issue 8): the settings screen's reads and audited commands.

/** The hero and the blog section text are shown on the home page only, but every cached page carries SITE_TAG. */
const HERO_COMMANDS: DomainCommands = { entity: "hero", invalidates: [SITE_TAG] };
const CONTENT_COMMANDS: DomainCommands = { entity: "settings", invalidates: [SITE_TAG] };
/** The compliance line is on every public page, and the splash period in each page's HTML. */
const COMPLIANCE_COMMANDS: DomainCommands = { entity: "compliance", invalidates: [SITE_TAG] };
const SINGLE_ROW_ID = 1;

/**
 * DESIGN.md "check-settings": makes sure the single hero and settings rows exist. A missing
 * hero row gets the defaults the public site already shows, so creating it changes nothing
 * a visitor sees. One statement per row (`on conflict do nothing`): concurrent calls
 * neither fail nor overwrite each other or an admin's save.
 */
export async function ensureSettingsRows(): Promise<void> {
  const db = getDb();
  await Promise.all([
    db.insert(heroSection).values({ id: SINGLE_ROW_ID, ...DEFAULT_HERO }).onConflictDoNothing(),
    db.insert(settings).values({ id: SINGLE_ROW_ID, blogSectionText: null }).onConflictDoNothing(),
  ]);
}

function heroOf(row: HeroSection | undefined): SettingsEditorValue["hero"] {
  if (!row) return { ...DEFAULT_HERO, updatedAt: null };
  const { upperTitle, mainTitle, highlightedText, description, buttonText, buttonUrl, updatedAt } = row;
  return { upperTitle, mainTitle, highlightedText, description, buttonText, buttonUrl, updatedAt: updatedAt.toISOString() };
}

/** What the settings screen is filled with: the stored rows (created first when missing). */
export async function getSettingsForEdit(): Promise<SettingsEditorValue> {
  await ensureSettingsRows();
  const db = getDb();
  const [[hero], [content]] = await Promise.all([
    db.select().from(heroSection).where(eq(heroSection.id, SINGLE_ROW_ID)).limit(1),
    db.select().from(settings).where(eq(settings.id, SINGLE_ROW_ID)).limit(1),
  ]);
  return {
    hero: heroOf(hero),
    blogSectionText: sanitizeRichText(content?.blogSectionText),
    contentUpdatedAt: content?.updatedAt.toISOString() ?? null,
    compliance: {
      helplineLabel: content?.helplineLabel ?? "",
      helplineUrl: content?.helplineUrl ?? "",
      splashFrequencyHours: content?.splashFrequencyHours ?? DEFAULT_COMPLIANCE.splashFrequencyHours,
    },
  };
}

/** Saves the hero (admin.md §3 hero_section): one upsert on id 1, so a missing row is created. */
export function saveHeroSettings(actor: Actor, input: HeroFormInput): Promise<CommandResult<Hero>> {
  const { intent: _intent, ...hero } = input;
  const values = { ...hero, updatedAt: new Date() };
  return runCommand(
    HERO_COMMANDS,
    "update",
    actor,
    async (tx) => {
      await tx
        .insert(heroSection)
        .values({ id: SINGLE_ROW_ID, ...values })
        .onConflictDoUpdate({ target: heroSection.id, set: values });
      return { value: hero, target: { id: String(SINGLE_ROW_ID), summary: hero.mainTitle } };
    },
    { id: String(SINGLE_ROW_ID), summary: hero.mainTitle },
  );
}

/**
 * Saves settings.blog_section_text, sanitised; a text with nothing visible is stored as
 * null (the home page shows the section only when it has text, public-site.md §2.3).
 */
export function saveContentSettings(actor: Actor, input: ContentFormInput): Promise<CommandResult<{ blogSectionText: string | null }>> {
  const html = sanitizeRichText(input.blogSectionText);
  const blogSectionText = htmlToText(html) ? html : null;
  const values = { blogSectionText, updatedAt: new Date() };
  const summary = blogSectionText ? htmlToText(blogSectionText).slice(0, 80) : "(boş)";
  return runCommand(
    CONTENT_COMMANDS,
    "update",
    actor,
    async (tx) => {
      await tx
        .insert(settings)
        .values({ id: SINGLE_ROW_ID, ...values })
        .onConflictDoUpdate({ target: settings.id, set: values });
      return { value: { blogSectionText }, target: { id: String(SINGLE_ROW_ID), summary } };
    },
    { id: String(SINGLE_ROW_ID), summary },
  );
}

/**
 * Issue 11 §5: saves the helpline and the splash ad's period; an empty label and link are
 * stored as null and the public pages show the defaults.
 */
export function saveComplianceSettings(actor: Actor, input: ComplianceFormInput): Promise<CommandResult<Compliance>> {
  const { helplineLabel, helplineUrl, splashFrequencyHours } = input;
  const values = { helplineLabel, helplineUrl, splashFrequencyHours, updatedAt: new Date() };
  const shown = complianceOf(values);
  const summary = `${shown.helplineLabel} (${shown.helplineUrl}), splash ${splashFrequencyHours} saatte bir`;
  return runCommand(
    COMPLIANCE_COMMANDS,
    "update",
    actor,
    async (tx) => {
      await tx
        .insert(settings)
        .values({ id: SINGLE_ROW_ID, ...values })
        .onConflictDoUpdate({ target: settings.id, set: values });
      return { value: shown, target: { id: String(SINGLE_ROW_ID), summary } };
    },
    { id: String(SINGLE_ROW_ID), summary },
  );
}
