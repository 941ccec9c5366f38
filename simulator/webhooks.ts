// Webhook delivery (§6): async POSTs signed with the environment's API secret,
// retried with exponential backoff, logged for GET /_sim/webhooks.

import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { Env } from "./types";

type Attempt = { at: string; statusCode: number | null; error: string | null; durationMs: number };
export type Delivery = {
  id: string;
  eventId: string;
  type: string;
  transactionId: string | null;
  url: string;
  status: "pending" | "delivered" | "failed";
  attempts: Attempt[];
  createdAt: string;
  deliveredAt: string | null;
  event: unknown;
};

const MAX_RETRIES = 5;
const MAX_LOG = 1000;

export class Webhooks {
  private logs: Record<Env, Delivery[]> = { test: [], live: [] };
  private timers = new Set<NodeJS.Timeout>();
  private requests = new Set<http.ClientRequest>();
  private seq = 0;
  private closed = false;
  /**
   * Bumped by every reset. An attempt or retry belongs to the generation it was
   * queued in and stops once that is over: destroying a request mid-flight
   * would otherwise look like a failed attempt and schedule a retry of an
   * event from the state the reset threw away.
   */
  private generation = 0;
  /** queued timers plus attempts under way; idle() resolves when it reaches 0 */
  private busy = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly backoffMs: number,
    private readonly timeoutMs = 5_000,
  ) {}

  /** Queue an event; never blocks the caller. */
  send(env: Env, url: string, secret: string, event: { id: string; type: string; data: { transactionId?: string } }): Delivery {
    const body = JSON.stringify(event);
    const d: Delivery = {
      id: `whd_${++this.seq}`,
      eventId: event.id,
      type: event.type,
      transactionId: event.data.transactionId ?? null,
      url,
      status: "pending",
      attempts: [],
      createdAt: new Date().toISOString(),
      deliveredAt: null,
      event,
    };
    const log = this.logs[env];
    log.push(d);
    if (log.length > MAX_LOG) log.splice(0, log.length - MAX_LOG);
    this.later(0, () => void this.attempt(d, body, secret, this.generation));
    return d;
  }

  /** Resolves once no attempt is under way and no retry is queued (tests await this instead of sleeping). */
  idle(): Promise<void> {
    if (this.busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  list(env: Env): Delivery[] {
    return this.logs[env].slice().reverse();
  }

  /** Drop the logs and every queued retry (used by /_sim/reset). */
  reset(): void {
    this.generation++;
    for (const t of this.timers) clearTimeout(t);
    this.done(this.timers.size);
    this.timers.clear();
    for (const r of this.requests) r.destroy();
    this.requests.clear();
    this.logs = { test: [], live: [] };
  }

  close(): void {
    this.closed = true;
    this.reset();
  }

  private later(ms: number, fn: () => void): void {
    if (this.closed) return;
    this.busy++;
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
      this.done(1);
    }, ms);
    this.timers.add(t);
  }

  private done(n: number): void {
    this.busy -= n;
    if (this.busy > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async attempt(d: Delivery, body: string, secret: string, generation: number): Promise<void> {
    this.busy++;
    try {
      await this.tryOnce(d, body, secret, generation);
    } finally {
      this.done(1);
    }
  }

  private current(generation: number): boolean {
    return !this.closed && generation === this.generation;
  }

  private async tryOnce(d: Delivery, body: string, secret: string, generation: number): Promise<void> {
    if (!this.current(generation)) return;
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex");
    const started = Date.now();
    const result = await this.post(d.url, body, {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      "User-Agent": "merchant-api-simulator/1",
      "X-Service-Webhook-Timestamp": ts,
      "X-Service-Webhook-Signature": signature,
      "X-Service-Webhook-Id": d.eventId,
    });
    if (!this.current(generation)) return;
    d.attempts.push({ at: new Date(started).toISOString(), ...result, durationMs: Date.now() - started });
    if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) {
      d.status = "delivered";
      d.deliveredAt = new Date().toISOString();
      return;
    }
    const retry = d.attempts.length; // 1-based number of the retry to come
    if (retry > MAX_RETRIES) {
      d.status = "failed";
      return;
    }
    this.later(this.backoffMs * 2 ** (retry - 1), () => void this.attempt(d, body, secret, generation));
  }

  private post(url: string, body: string, headers: Record<string, string>): Promise<{ statusCode: number | null; error: string | null }> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (r: { statusCode: number | null; error: string | null }) => {
        if (settled) return;
        settled = true;
        this.requests.delete(req);
        resolve(r);
      };
      let status: number | null = null;
      const mod = url.startsWith("https:") ? https : http;
      let req: http.ClientRequest;
      try {
        req = mod.request(url, { method: "POST", headers, agent: false, timeout: this.timeoutMs }, (res) => {
          status = res.statusCode ?? null;
          res.on("data", () => {});
          res.on("end", () => done({ statusCode: status, error: null }));
          res.on("error", () => done({ statusCode: status, error: null }));
        });
      } catch (e) {
        resolve({ statusCode: null, error: e instanceof Error ? e.message : "bad url" });
        return;
      }
      this.requests.add(req);
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (e) => done({ statusCode: status, error: status === null ? e.message || "network error" : null }));
      req.on("close", () => done({ statusCode: status, error: status === null ? "connection closed" : null }));
      req.end(body);
    });
  }
}
