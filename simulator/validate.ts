// A small body validator: collects every problem as { path, message } and
// throws one 400 at the end (README step 9).

import { validationError, type Detail } from "./errors";
import { decimalsOf, fmt, parseAmount } from "./money";

export type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

type StrOpts = { optional?: boolean; max?: number; pattern?: RegExp; patternMessage?: string; oneOf?: readonly string[] };

export class Validator {
  readonly details: Detail[] = [];

  fail(path: string, message: string): undefined {
    this.details.push({ path, message });
    return undefined;
  }

  /** A nested object; `undefined` when absent and optional. */
  object(parent: Obj, key: string, path: string, optional = false): Obj | undefined {
    const v = parent[key];
    if (v === undefined || (optional && v === null)) return optional ? undefined : this.fail(path, "is required");
    if (!isObj(v)) return this.fail(path, "must be an object");
    return v;
  }

  string(parent: Obj, key: string, path: string, opts: StrOpts = {}): string | undefined {
    const v = parent[key];
    if (v === undefined || (opts.optional && v === null)) return opts.optional ? undefined : this.fail(path, "is required");
    if (typeof v !== "string") return this.fail(path, "must be a string");
    const t = v.trim();
    if (t.length === 0) return this.fail(path, "must not be empty");
    if (v.length > (opts.max ?? 200)) return this.fail(path, `must be at most ${opts.max ?? 200} characters`);
    if (opts.oneOf && !opts.oneOf.includes(v)) return this.fail(path, `must be one of ${opts.oneOf.join(", ")}`);
    if (opts.pattern && !opts.pattern.test(v)) return this.fail(path, opts.patternMessage ?? "has an invalid format");
    return v;
  }

  email(parent: Obj, key: string, path: string, optional = false): string | undefined {
    return this.string(parent, key, path, { optional, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, patternMessage: "must be an email address" });
  }

  httpsUrl(parent: Obj, key: string, path: string, optional = false): string | undefined {
    const v = this.string(parent, key, path, { optional, max: 2048 });
    if (v === undefined) return undefined;
    try {
      if (new URL(v).protocol === "https:") return v;
    } catch {
      // fall through
    }
    return this.fail(path, "must be an https URL");
  }

  /** Decimal string in `currency`, optionally bounded (inclusive, minor units). */
  amount(parent: Obj, key: string, path: string, currency: string, bounds?: { min?: bigint; max?: bigint }): bigint | undefined {
    const v = parent[key];
    if (v === undefined) return this.fail(path, "is required");
    const r = parseAmount(v, decimalsOf(currency));
    if (!r.ok) return this.fail(path, r.message);
    const { min, max } = bounds ?? {};
    if ((min !== undefined && r.minor < min) || (max !== undefined && r.minor > max)) {
      const range =
        min !== undefined && max !== undefined
          ? `between ${fmt(min, currency)} and ${fmt(max, currency)}`
          : min !== undefined
            ? `at least ${fmt(min, currency)}`
            : `at most ${fmt(max as bigint, currency)}`;
      return this.fail(path, `must be ${range} ${currency}`);
    }
    return r.minor;
  }

  integer(parent: Obj, key: string, path: string, min: number, max: number): number | undefined {
    const v = parent[key];
    if (v === undefined) return this.fail(path, "is required");
    if (typeof v !== "number" || !Number.isInteger(v)) return this.fail(path, "must be an integer");
    if (v < min || v > max) return this.fail(path, `must be between ${min} and ${max}`);
    return v;
  }

  /** Throw the collected problems as one 400. */
  done(): void {
    if (this.details.length > 0) throw validationError(this.details);
  }
}

/** JSON body → object, or a 400. */
export function parseJsonObject(raw: Buffer, allowEmpty = false): Obj {
  if (raw.length === 0) {
    if (allowEmpty) return {};
    throw validationError([{ path: "", message: "a JSON object body is required" }], "Request body is required");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString("utf8"));
  } catch {
    throw validationError([{ path: "", message: "body is not valid JSON" }], "Malformed JSON body");
  }
  if (!isObj(parsed)) throw validationError([{ path: "", message: "must be a JSON object" }], "Body must be a JSON object");
  return parsed;
}
