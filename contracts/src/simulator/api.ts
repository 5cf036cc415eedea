import * as v from 'valibot';
import { PhoneNumber } from '../common.ts';

/** The simulated customers' side (`/simulator/...`), mounted only with the simulator channel. */

const WaMessageId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,80}$/, 'must be a WhatsApp message id'));
const Text = v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(4096));

/** POST /simulator/connections/{id}/inbound: a customer writes to the business. */
export const SimInboundRequest = v.pipe(
  v.object({
    from: PhoneNumber,
    name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ''),
    body: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(4096)), ''),
    // A customer's media: a file by URL, or a location / contact card carried in the body.
    mediaType: v.optional(
      v.picklist(['chat', 'image', 'audio', 'video', 'application', 'locationMessage', 'vcard']),
      'chat',
    ),
    mediaUrl: v.optional(
      v.nullable(
        v.pipe(v.string(), v.regex(/^(https?:\/\/|\/public\/)\S+$/, 'must be a URL'), v.maxLength(2048)),
      ),
      null,
    ),
    /** The customer replies to this message. */
    quotedWaMessageId: v.optional(v.nullable(WaMessageId), null),
    /**
     * The phone's own id for this message. A phone that got no answer sends the same message again
     * under the same id, and Zelo stores it once; without one, the simulator makes a new id.
     */
    waMessageId: v.optional(v.nullable(WaMessageId), null),
  }),
  v.check((r) => r.body.length > 0 || r.mediaUrl !== null, 'body: required'),
  v.check(
    (r) => ['chat', 'locationMessage', 'vcard'].includes(r.mediaType) || r.mediaUrl !== null,
    'mediaUrl: required for a file',
  ),
);
export type SimInboundRequest = v.InferOutput<typeof SimInboundRequest>;

const ConnectionId = v.pipe(v.string(), v.uuid());
export const SimPhoneParams = v.object({ id: ConnectionId, number: PhoneNumber });
export const SimMessageParams = v.object({ id: ConnectionId, waMessageId: WaMessageId });

/** POST /simulator/phones: someone installs WhatsApp on this number (it is then "on WhatsApp"). */
export const SimNewPhoneRequest = v.object({
  number: PhoneNumber,
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ''),
});

/** POST /simulator/connections/{id}/phone-sends: the business's phone owner writes to a customer. */
export const SimPhoneSendRequest = v.object({
  to: PhoneNumber,
  body: Text,
  quotedWaMessageId: v.optional(v.nullable(WaMessageId)),
});

/** PUT /simulator/connections/{id}/messages/{waMessageId}: an edit for everyone. */
export const SimEditRequest = v.object({ body: Text });

/** POST .../messages/{waMessageId}/redeliver: the body, and the quote, are optional. */
export const SimRedeliverRequest = v.optional(
  v.object({ quotedWaMessageId: v.optional(v.nullable(WaMessageId)) }),
  {},
);
