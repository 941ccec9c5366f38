"use client";

import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, preloadDialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { isApiFetchError } from "@/lib/api-fetch";
import { useChangeWebhook } from "./use-change-webhook";
import { hostOf, type WebhookChangeDto } from "@/features/settings/contracts";
import { WebhookHistory } from "./webhook-history";
import { loadOrSay } from "@/lib/requests/load";

/** The route's own schemas, loaded once the operator is in the form (zod is ~19 KB gzip): the form checks only on review and send. */
const loadSchemas = () => import("@/features/settings/schemas");

/** PATCH /v1/me/webhook: https only, a warning, and the new host typed again before it is sent. */
export function WebhookCard({ current, history }: { current: string | null; history: WebhookChangeDto[] }) {
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [confirmHost, setConfirmHost] = useState("");
  const [hostError, setHostError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const change = useChangeWebhook();

  async function review(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const schemas = await loadOrSay(loadSchemas, setUrlError);
    if (!schemas) return;
    const { webhookUrlSchema } = schemas;
    const parsed = webhookUrlSchema.safeParse(url.trim());
    if (!parsed.success) return setUrlError(parsed.error.issues[0]?.message ?? "Enter an https:// URL");
    setUrlError(null);
    setConfirmHost("");
    setHostError(null);
    change.reset();
    setConfirming(parsed.data);
  }

  async function send() {
    if (confirming === null) return;
    const schemas = await loadOrSay(loadSchemas, setHostError);
    if (!schemas) return;
    const { webhookChangeSchema } = schemas;
    const parsed = webhookChangeSchema.safeParse({ url: confirming, confirmHost, replacing: current });
    if (!parsed.success) return setHostError(parsed.error.issues[0]?.message ?? "Type the host to confirm");
    setHostError(null);
    change.mutate(parsed.data, {
      onSuccess: () => {
        setConfirming(null);
        setUrl("");
        setSaved(true);
      },
    });
  }

  return (
    <Card aria-labelledby="webhook-heading" data-testid="webhook-settings">
      <CardTitle id="webhook-heading">Webhook URL</CardTitle>
      <p className="mt-1 text-sm text-slate-800">
        Current:{" "}
        <span className="font-mono wrap-anywhere" data-testid="webhook-current">
          {current ?? "none registered"}
        </span>
      </p>
      <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="webhook-warning">
        One URL receives the events of <strong>every rail</strong> (Bangladesh, Brazil, India, Europe, Nigeria, PYUSD). Changing it
        redirects all of them away from the merchant&apos;s current server.
      </p>
      {saved ? (
        <p role="status" className="mt-2 text-sm text-green-900">
          Webhook URL changed.
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => void review(event)}
        onFocus={() => {
          void loadSchemas();
          preloadDialog();
        }}
        className="mt-3 space-y-3"
      >
        <FormField
          id="webhook-url"
          label="New webhook URL"
          hint="https:// only."
          type="url"
          autoComplete="off"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          errors={urlError ? [urlError] : undefined}
        />
        <Button type="submit">Review change</Button>
      </form>
      <WebhookHistory changes={history} />
      <Dialog open={confirming !== null} onOpenChange={(open) => (change.isPending ? undefined : open ? undefined : setConfirming(null))}>
        <DialogContent
          title="Change the webhook URL?"
          description="Every rail's events will go to the new URL from now on, and none to the current one."
        >
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="text-slate-700">From</dt>
              <dd className="font-mono wrap-anywhere text-slate-900" data-testid="webhook-replacing">
                {current ?? "none registered"}
              </dd>
            </div>
            <div>
              <dt className="text-slate-700">To</dt>
              <dd className="font-mono wrap-anywhere text-slate-900" data-testid="webhook-new">
                {confirming}
              </dd>
            </div>
          </dl>
          <div className="mt-3">
            <FormField
              id="webhook-confirm-host"
              label={`Type the new host (${confirming ? hostOf(confirming) : ""}) to confirm`}
              autoComplete="off"
              value={confirmHost}
              onChange={(e) => setConfirmHost(e.target.value)}
              errors={hostError ? [hostError] : undefined}
            />
          </div>
          {change.error ? (
            <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {isApiFetchError(change.error) ? (change.error.fields?.url?.[0] ?? change.error.message) : "The change could not be sent."}
            </p>
          ) : null}
          <DialogActions
            pending={change.isPending}
            confirmLabel="Change webhook URL"
            pendingLabel="Changing…"
            onConfirm={() => void send()}
            variant="danger"
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
