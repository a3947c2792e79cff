/** The parts of the Cloud API webhook payload (field "messages") that we read. */
export interface WaWebhookPayload {
  object?: string;
  entry?: Array<{
    id?: string;
    changes?: Array<{ field?: string; value?: WaChangeValue }>;
  }>;
}

export interface WaChangeValue {
  messaging_product?: string;
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: Array<{ wa_id?: string; profile?: { name?: string } }>;
  messages?: WaMessage[];
  statuses?: WaStatus[];
}

export interface WaMessage {
  from: string;
  id: string;
  timestamp: string;
  type: string;
  context?: { from?: string; id?: string };
  text?: { body: string };
  audio?: { id: string; mime_type?: string; sha256?: string; voice?: boolean };
  interactive?: {
    type: string;
    button_reply?: { id: string; title?: string };
    list_reply?: { id: string; title?: string; description?: string };
  };
  button?: { payload?: string; text?: string };
  contacts?: Array<{
    name?: { formatted_name?: string };
    phones?: Array<{ phone?: string; wa_id?: string; type?: string }>;
  }>;
}

export interface WaStatus {
  id: string;
  status: string;
  timestamp: string;
  recipient_id?: string;
  errors?: Array<{ code?: number; title?: string; message?: string; error_data?: { details?: string } }>;
}
