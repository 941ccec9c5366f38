import { DetailList } from "@/components/ui/detail-list";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import type { MerchantSettingsDto } from "@/features/settings/contracts";

/** GET /v1/me: who this environment's key belongs to, and what it may do (§5 rule 7). */
export function MerchantCard({ merchant }: { merchant: MerchantSettingsDto }) {
  return (
    <Card aria-labelledby="merchant-heading" data-testid="merchant-settings">
      <CardTitle id="merchant-heading">Merchant</CardTitle>
      <div className="mt-3">
        <DetailList
          rows={[
            { label: "Name", value: merchant.name, testId: "merchant-name" },
            { label: "Merchant ID", value: merchant.merchantId, testId: "merchant-id" },
            { label: "Environment", value: merchant.environment },
            { label: "API key prefix", value: merchant.apiKeyPrefix },
            { label: "Created", value: <LocalTime iso={merchant.createdAt} /> },
            {
              label: "Key scopes",
              testId: "merchant-scopes",
              value:
                merchant.scopes === null ? (
                  "Not reported by the API"
                ) : merchant.scopes.length === 0 ? (
                  "None"
                ) : (
                  <span className="flex flex-wrap gap-1">
                    {merchant.scopes.map((scope) => (
                      <Badge key={scope} tone="slate">
                        {scope}
                      </Badge>
                    ))}
                  </span>
                ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
