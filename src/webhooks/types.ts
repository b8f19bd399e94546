import { z } from 'zod';
import { CHANGE_EVENT_TYPES, type ChangeEventType } from '../events/change-event.js';

export const WEBHOOK_LIMITS = { maxPerProfile: 20, logEntries: 200, deadLetters: 200 } as const;

const httpUrl = z
  .string()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'url must be an http(s) URL without credentials, e.g. https://example.com/hooks/mnemo');

export const webhookInputSchema = z.object({
  url: httpUrl,
  /** Only these event types (default: all). */
  events: z.array(z.enum(CHANGE_EVENT_TYPES)).min(1).optional(),
  description: z.string().max(500).optional(),
}).strict();
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** A webhook as listed: the signing secret is shown once, at creation, and only a hint afterwards. */
export interface Webhook {
  id: string;
  url: string;
  events: ChangeEventType[] | null;
  description: string | null;
  createdAt: string;
  secretHint: string;
}

export interface CreatedWebhook extends Webhook {
  /** The HMAC-SHA256 key for `x-mnemo-signature`; keep it, it is not shown again. */
  secret: string;
}

/** What the registry stores per webhook (the secret is needed to sign each delivery). */
export interface StoredWebhook extends Webhook {
  secret: string;
}

export type DeliveryOutcome = 'delivered' | 'failed' | 'dead';

export interface WebhookDelivery {
  webhookId: string;
  eventId: number;
  eventType: ChangeEventType;
  attempt: number;
  outcome: DeliveryOutcome;
  status: number | null;
  error: string | null;
  durationMs: number;
  at: string;
}

export function publicWebhook(w: StoredWebhook): Webhook {
  const { secret: _secret, ...rest } = w;
  return rest;
}
