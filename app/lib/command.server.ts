import { getDb } from "~/db/index.server";
import type { Db } from "~/db/db.server";
import { auditLog } from "~/db/schema";
import { invalidatePages } from "~/lib/page-cache.server";

/**
 * The one way an admin write reaches the database (ADR 003). A domain declares once what
 * its writes invalidate and which unique constraints mean which field message; each
 * command then runs its work in a transaction, records an audit row in the same
 * transaction, turns unique violations into field errors and, after the commit, drops
 * the cached pages it affects.
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** conform's shape: messages per field name; "" holds form-level messages. */
export type FieldErrors = Record<string, string[]>;

export type CommandResult<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

/** Who is writing, for the audit log. */
export type Actor = { userId: string | null; email: string; address: string };

/** What the audit row says of the record a command touched. */
export type AuditTarget = { id: string | null; summary: string };

const REJECTION = Symbol("rejection");
type Rejection = { [REJECTION]: true; fieldErrors: FieldErrors; target?: AuditTarget };

/**
 * Ends a command without writing: the transaction rolls back and the form shows these.
 * `target`: the record the refusal concerns, when the command found it (a category still in
 * use, an expired promotion): its failure row in the audit log names it, instead of what the
 * caller knew before reading it.
 */
export function reject(fieldErrors: FieldErrors, target?: AuditTarget): Rejection {
  return { [REJECTION]: true, fieldErrors, ...(target ? { target } : {}) };
}

function isRejection(value: unknown): value is Rejection {
  return typeof value === "object" && value !== null && REJECTION in value;
}

export type DomainCommands = {
  entity: string;
  /** Page-cache tags every write of this domain invalidates (declared once per domain). */
  invalidates: readonly string[];
  /** Unique constraint name → the field and the Turkish message a clash shows there. */
  unique?: Record<string, { field: string; message: string }>;
};

/** What PostgreSQL says of a failed statement: its SQLSTATE code, constraint and message. */
export type PgError = { code: string; constraint?: string; message: string };

/**
 * The database's error inside `error`: drizzle wraps the driver's error in its own (its
 * `cause`), so the chain is walked to the first link that carries a SQLSTATE code.
 */
export function pgErrorOf(error: unknown): PgError | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message, constraint } = e as { code?: unknown; message?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, message: typeof message === "string" ? message : "", ...(typeof constraint === "string" ? { constraint } : {}) };
    }
  }
  return null;
}

const UNIQUE_VIOLATION = "23505";

async function recordFailure(domain: DomainCommands, verb: string, actor: Actor, target: AuditTarget | undefined): Promise<void> {
  await getDb()
    .insert(auditLog)
    .values({ ...auditFields(domain.entity, verb, actor, target), outcome: "failure" });
}

/**
 * Audit rows of a write that touches several records of `domain` inside another command's
 * transaction (a bulk save's posts, a publishing run's posts): one row per record, written
 * with `tx` so they commit, or roll back, with the records (ADR 003).
 */
export async function auditInTx(tx: Tx, domain: Pick<DomainCommands, "entity">, verb: string, actor: Actor, targets: readonly AuditTarget[]): Promise<void> {
  if (targets.length === 0) return;
  await tx.insert(auditLog).values(targets.map((target) => auditFields(domain.entity, verb, actor, target)));
}

function auditFields(entity: string, verb: string, actor: Actor, target: AuditTarget | undefined) {
  return {
    actorId: actor.userId,
    actorEmail: actor.email,
    address: actor.address,
    action: `${entity}.${verb}`,
    entityType: entity,
    entityId: target?.id ?? null,
    summary: (target?.summary ?? "").slice(0, 200),
  };
}

/**
 * Runs `work` as one audited, cache-invalidating transaction. `work` returns the value
 * and the audit target, or `reject(...)` to roll back with field errors.
 */
export async function runCommand<T>(
  domain: DomainCommands,
  verb: string,
  actor: Actor,
  work: (tx: Tx) => Promise<{ value: T; target: AuditTarget; invalidates?: readonly string[] } | Rejection>,
  attempted?: AuditTarget,
): Promise<CommandResult<T>> {
  let outcome: { value: T; target: AuditTarget; invalidates?: readonly string[] } | Rejection;
  try {
    outcome = await getDb().transaction(async (tx) => {
      const result = await work(tx);
      if (isRejection(result)) {
        // Thrown so that drizzle rolls the transaction back; caught just below.
        throw result;
      }
      await auditInTx(tx, domain, verb, actor, [result.target]);
      return result;
    });
  } catch (error) {
    if (isRejection(error)) {
      outcome = error;
    } else {
      const violation = pgErrorOf(error);
      const mapped = violation?.code === UNIQUE_VIOLATION && violation.constraint ? domain.unique?.[violation.constraint] : undefined;
      if (!mapped) {
        // ADR 003: every command is audited, also one that failed unexpectedly.
        await recordFailure(domain, verb, actor, attempted).catch(() => {});
        throw error;
      }
      outcome = reject({ [mapped.field]: [mapped.message] });
    }
  }
  if (isRejection(outcome)) {
    await recordFailure(domain, verb, actor, outcome.target ?? attempted);
    return { ok: false, fieldErrors: outcome.fieldErrors };
  }
  await invalidatePages(...domain.invalidates, ...(outcome.invalidates ?? []));
  return { ok: true, value: outcome.value };
}

/** An audit row outside any domain write (sign-in attempts). */
export async function recordAudit(entry: { action: string; actor: Actor; entityType: string; entityId?: string | null; summary?: string; outcome: "success" | "failure" }): Promise<void> {
  const [entity, ...verb] = entry.action.split(".");
  await getDb()
    .insert(auditLog)
    .values({
      ...auditFields(entity ?? entry.entityType, verb.join("."), entry.actor, { id: entry.entityId ?? null, summary: entry.summary ?? "" }),
      entityType: entry.entityType,
      outcome: entry.outcome,
    });
}

/** The actor of an admin request: the signed-in admin and the address they wrote from. */
export function actorOf(admin: { userId: string; email: string }, context: { clientAddress: string }): Actor {
  return { userId: admin.userId, email: admin.email, address: context.clientAddress };
}
