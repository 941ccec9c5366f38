// Test-only client for the simulator: its own signing (node:crypto), so the
// simulator's check is exercised independently of lib/payments.

import { createHmac, randomUUID } from "node:crypto";
import { startSimulator, type RunningSimulator, type SimulatorOptions } from "@/simulator/server";

export const KEYS = {
  test: { key: "mrp_test_unit_key", secret: "unit_test_secret_for_simulator_tests_0001" },
  live: { key: "mrp_live_unit_key", secret: "unit_live_secret_for_simulator_tests_0002" },
};

export type Env = "test" | "live";

export function boot(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ port: 0, keys: KEYS, webhookBackoffMs: 20, ...options });
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function sign(secret: string, timestamp: string, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export type CallOptions = {
  idempotencyKey?: string;
  /** default: now, in seconds */
  timestamp?: string;
  /** override the signature (or sign with another secret) */
  signature?: string;
  secret?: string;
  key?: string;
  /** send these bytes instead of JSON.stringify(body) (signed as sent) */
  raw?: string;
  headers?: Record<string, string>;
  /** to give up on the call (the client going away) */
  signal?: AbortSignal;
};

export type Res = { status: number; headers: Headers; text: string; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function toRes(r: Response): Promise<Res> {
  const text = await r.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: r.status, headers: r.headers, text, body };
}

/** A signed /v1 call. */
export async function api(
  sim: RunningSimulator,
  env: Env,
  method: string,
  path: string,
  body?: unknown,
  o: CallOptions = {},
): Promise<Res> {
  const raw = o.raw ?? (body === undefined ? "" : JSON.stringify(body));
  const ts = o.timestamp ?? String(nowSeconds());
  const headers: Record<string, string> = {
    "X-Service-Key": o.key ?? KEYS[env].key,
    "X-Service-Timestamp": ts,
    "X-Service-Signature": o.signature ?? sign(o.secret ?? KEYS[env].secret, ts, raw),
    ...(raw ? { "Content-Type": "application/json" } : {}),
    ...(o.idempotencyKey ? { "Idempotency-Key": o.idempotencyKey } : {}),
    ...o.headers,
  };
  return toRes(await fetch(`${sim.url}${path}`, { method, headers, body: raw || undefined, signal: o.signal }));
}

/** A money write with a fresh Idempotency-Key. */
export function create(sim: RunningSimulator, env: Env, path: string, body: unknown, o: CallOptions = {}): Promise<Res> {
  return api(sim, env, "POST", path, body, { idempotencyKey: randomUUID(), ...o });
}

/** Unsigned control call; throws unless 2xx. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- control answers are read as they come in tests
export async function ctl(sim: RunningSimulator, method: string, path: string, body?: unknown): Promise<any> {
  const r = await toRes(
    await fetch(`${sim.url}${path}`, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  if (r.status >= 300) throw new Error(`${method} ${path} → ${r.status} ${r.text}`);
  return r.body;
}

export async function balances(sim: RunningSimulator, env: Env): Promise<Record<string, { available: string; pending: string }>> {
  const r = await api(sim, env, "GET", "/v1/balance");
  if (r.status !== 200) throw new Error(`balance → ${r.status}`);
  const out: Record<string, { available: string; pending: string }> = {};
  for (const i of r.body.items) out[i.currency] = { available: i.availableBalance, pending: i.pendingBalance };
  return out;
}

export const advance = (sim: RunningSimulator, seconds: number) => ctl(sim, "POST", "/_sim/advance", { seconds });

/** Poll until `fn` returns a truthy value; bounded, never a fixed sleep for the outcome. */
export async function waitFor<T>(
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 10_000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

export const bdPayin = (amount: string) => ({
  amount,
  paymentMethodCode: "BKASH",
  returnUrl: "https://merchant.example/return",
  customer: { name: "Rahim", email: "rahim@example.com", phone: "01711111111", deviceId: "dev-1" },
  goodsInfo: { name: "Order 1", id: "o-1" },
});
export const bdPayout = (amount: string, merchantReference = `wd-${randomUUID()}`) => ({
  amount,
  paymentMethodCode: "NAGAD",
  merchantReference,
  beneficiary: { name: "Karim", walletNumber: "01811111111" },
});
export const brPayin = (amount: string) => ({ amount, paymentMethodCode: "PIX", customer: { name: "Ana", email: "ana@example.com" } });
export const brPayout = (amount: string) => ({
  amount,
  merchantReference: `br-${randomUUID()}`,
  pixKey: "ana@example.com",
  pixKeyType: "EMAIL",
  beneficiary: { name: "Ana" },
});
export const euPayin = (amount: string, currency = "EUR") => ({ amount, currency, customer: { name: "Eva", email: "eva@example.com" } });
export const euPayout = (amount: string) => ({
  amount,
  merchantReference: `eu-${randomUUID()}`,
  beneficiary: { name: "Lieferant GmbH", iban: "DE89370400440532013000" },
});
export const ngnPayout = (amount: string, accountNumber = "0123456789", merchantReference = `ng-${randomUUID()}`) => ({
  amount,
  merchantReference,
  beneficiary: { accountNumber, bankCode: "058", accountName: "ADA OBI", bankName: "Guaranty Trust Bank" },
});
export const vaBody = {
  bvn: "12345678901",
  firstName: "Ada",
  lastName: "Obi",
  phoneNumber: "+2348012345678",
  dateOfBirth: "1990-04-01",
  customerEmail: "ada@example.com",
};

/** Provision the live virtual account and move the clock until it is ready. */
export async function readyVirtualAccount(sim: RunningSimulator) {
  const r = await create(sim, "live", "/v1/ngn/virtual-account", vaBody);
  if (r.status !== 201 && r.status !== 200) throw new Error(`provision → ${r.status} ${r.text}`);
  await advance(sim, 120);
  return r.body;
}
