/** GET /simulator/connections rows: a simulator connection and its company. */
export interface SimConnection {
  id: string;
  name: string;
  status: string;
  companyName: string;
}

/** What a simulated customer's phone shows (GET .../phones/{number}/messages rows). */
export interface SimPhoneMessage {
  id: string;
  direction: 'inbound' | 'outbound';
  waMessageId: string;
  body: string;
  /** chat, image, audio, video, application...: what a phone shows above the caption. */
  mediaType: string;
  /** `/public/...` on the API for a media message, else null. */
  mediaUrl: string | null;
  ack: number;
  createdAt: string;
  quotedWaMessageId: string | null;
}

/** A phone of the simulated network: a number that has WhatsApp (GET /simulator/phones rows). */
export interface SimPhone {
  number: string;
  name: string;
}

/** The answer of a simulated send (inbound or from the business's phone): the message's WhatsApp id. */
export interface SimSent {
  waMessageId: string;
}
