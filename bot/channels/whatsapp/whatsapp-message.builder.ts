import { buildTemplateSendPayload, type TemplateSendInput, type TemplateSendPayload } from '@kapso/whatsapp-cloud-api';
import { ChannelSendError, type ReplyButton } from '../channel.types';
import { truncate } from '../text-limits';

/**
 * One message for the Cloud API, in the terms of the client library's typed senders
 * (WhatsappGraphClient turns each into its call). `to` is the number without '+'.
 */
export type WaMessage =
  | { type: 'text'; to: string; body: string }
  | { type: 'buttons'; to: string; bodyText: string; buttons: Array<{ id: string; title: string }> }
  | { type: 'list'; to: string; bodyText: string; buttonText: string; rows: Array<{ id: string; title: string }> }
  | { type: 'voice'; to: string; mediaId: string }
  | { type: 'template'; to: string; template: TemplateSendPayload };

/**
 * WhatsApp's limits for interactive messages (Cloud API reference). Interactive bodies, button
 * titles and list rows are cut in UTF-16 units, the stricter reading the client library checks.
 */
export const WA_LIMITS = {
  textBody: 4096,
  interactiveBody: 1024,
  replyButtons: 3,
  buttonTitle: 20,
  buttonId: 256,
  listRows: 10,
  listRowTitle: 24,
  listRowId: 200,
  templateParam: 200,
  /** Authentication templates carry codes of at most 15 characters. */
  otpCode: 15,
  voiceBytes: 512 * 1024,
} as const;

/** The `to` field: WhatsApp wants the number without '+' or separators. */
export function toRecipient(recipientId: string): string {
  const digits = recipientId.replace(/[^\d]/g, '');
  if (digits.length < 6) throw new ChannelSendError(`Not a phone number: ${recipientId}`, false);
  return digits;
}

export function textBody(to: string, text: string): WaMessage {
  return { type: 'text', to, body: text };
}

/**
 * Reply buttons (up to 3) or, for more choices, a list message (up to 10 rows). The list needs a
 * label on its opening button; "Options" reads the same in French and English.
 */
export function interactiveBody(to: string, text: string, buttons: ReplyButton[]): WaMessage {
  const bodyText = truncate(text.trim() === '' ? '…' : text, WA_LIMITS.interactiveBody, 'utf16');
  if (buttons.length <= WA_LIMITS.replyButtons) {
    return {
      type: 'buttons',
      to,
      bodyText,
      buttons: buttons.map((b) => ({ id: checkedId(b.id, WA_LIMITS.buttonId), title: title(b.title, WA_LIMITS.buttonTitle) })),
    };
  }
  if (buttons.length > WA_LIMITS.listRows) {
    throw new ChannelSendError(`WhatsApp shows at most ${WA_LIMITS.listRows} choices, got ${buttons.length}`, false);
  }
  return {
    type: 'list',
    to,
    bodyText,
    buttonText: 'Options',
    rows: buttons.map((b) => ({ id: checkedId(b.id, WA_LIMITS.listRowId), title: title(b.title, WA_LIMITS.listRowTitle) })),
  };
}

export function voiceBody(to: string, mediaId: string): WaMessage {
  return { type: 'voice', to, mediaId };
}

/**
 * The approved reminder template: one body variable (the subject) and a quick-reply button whose
 * payload comes back in the user's tap.
 */
export function templateBody(to: string, template: { name: string; languageCode: string; subject: string; buttonPayload: string }): WaMessage {
  return templateMessage(to, {
    name: template.name,
    language: template.languageCode,
    body: [{ type: 'text', text: templateParam(template.subject) }],
    buttons: [
      {
        type: 'button',
        subType: 'quick_reply',
        index: '0',
        parameters: [{ type: 'payload', payload: checkedId(template.buttonPayload, WA_LIMITS.buttonId) }],
      },
    ],
  });
}

/**
 * An authentication template with a copy-code button: the code fills the body's one variable and
 * the button's, whose sub_type is "url" at send time although the template was created with an
 * "otp"/"copy_code" button (Meta stores it as a URL button).
 */
export function otpTemplateBody(to: string, template: { name: string; languageCode: string; code: string }): WaMessage {
  const code = template.code;
  if (!/^\S{1,15}$/.test(code)) {
    throw new ChannelSendError(`A one-time code must be 1-${WA_LIMITS.otpCode} characters without spaces`, false);
  }
  return templateMessage(to, {
    name: template.name,
    language: template.languageCode,
    body: [{ type: 'text', text: code }],
    buttons: [{ type: 'button', subType: 'url', index: '0', parameters: [{ type: 'text', text: code }] }],
  });
}

/**
 * The welcome template: its one body variable is the portal link, sent whole, since a cut link
 * would open nothing.
 */
export function welcomeTemplateBody(to: string, template: { name: string; languageCode: string; url: string }): WaMessage {
  const url = template.url.trim();
  if (url === '' || /\s/.test(url)) throw new ChannelSendError('The welcome link must be one URL without spaces', false);
  return templateMessage(to, { name: template.name, language: template.languageCode, body: [{ type: 'text', text: url }] });
}

/** A broadcast outside the 24 h window: the approved broadcast template, the message as its one variable. */
export function broadcastTemplateBody(to: string, template: { name: string; languageCode: string; message: string }): WaMessage {
  return bodyTemplate(to, template, [template.message]);
}

/** The thank-you when Premium starts, outside the 24 h window: {{1}} = the next renewal date. */
export function premiumTemplateBody(to: string, template: { name: string; languageCode: string; renewsOn: string }): WaMessage {
  return bodyTemplate(to, template, [template.renewsOn]);
}

/** The notice before a yearly renewal, outside the 24 h window: {{1}} = the renewal date, {{2}} = the amount. */
export function renewalTemplateBody(to: string, template: { name: string; languageCode: string; renewsOn: string; amount: string }): WaMessage {
  return bodyTemplate(to, template, [template.renewsOn, template.amount]);
}

function bodyTemplate(to: string, template: { name: string; languageCode: string }, values: string[]): WaMessage {
  return templateMessage(to, { name: template.name, language: template.languageCode, body: values.map((v) => ({ type: 'text', text: templateParam(v) })) });
}

/** The library's template builder checks the shape; a template it refuses is our setup's fault, never worth a retry. */
function templateMessage(to: string, input: TemplateSendInput): WaMessage {
  try {
    return { type: 'template', to, template: buildTemplateSendPayload(input) };
  } catch (err) {
    throw new ChannelSendError(`WhatsApp template "${input.name}" is not valid: ${(err as Error).message.slice(0, 300)}`, false);
  }
}

/** Titles are counted in UTF-16 units and may not be blank. */
function title(text: string, max: number): string {
  return truncate(text.trim() === '' ? '…' : text, max, 'utf16');
}

/** Template variables may not hold newlines, tabs or runs of more than four spaces. */
function templateParam(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return truncate(flat === '' ? '…' : flat, WA_LIMITS.templateParam);
}

function checkedId(id: string, max: number): string {
  // An id is echoed back verbatim; cutting it would make the tap unrecognisable.
  if (id.length === 0 || id.length > max) {
    throw new ChannelSendError(`Button id must be 1-${max} characters, got ${id.length}`, false);
  }
  return id;
}
