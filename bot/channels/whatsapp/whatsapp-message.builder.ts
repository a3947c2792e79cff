import { ChannelSendError, type ReplyButton } from '../channel.types';
import { truncate } from '../text-limits';

/** WhatsApp's limits for interactive messages (Cloud API reference). */
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

export function textBody(to: string, text: string): Record<string, unknown> {
  return { to, type: 'text', text: { body: text, preview_url: false } };
}

/**
 * Reply buttons (up to 3) or, for more choices, a list message (up to 10 rows). The list needs a
 * label on its opening button; "Options" reads the same in French and English.
 */
export function interactiveBody(to: string, text: string, buttons: ReplyButton[]): Record<string, unknown> {
  const body = { text: truncate(text.trim() === '' ? '…' : text, WA_LIMITS.interactiveBody) };
  if (buttons.length <= WA_LIMITS.replyButtons) {
    return {
      to,
      type: 'interactive',
      interactive: {
        type: 'button',
        body,
        action: {
          buttons: buttons.map((b) => ({
            type: 'reply',
            reply: { id: checkedId(b.id, WA_LIMITS.buttonId), title: truncate(b.title, WA_LIMITS.buttonTitle) },
          })),
        },
      },
    };
  }
  if (buttons.length > WA_LIMITS.listRows) {
    throw new ChannelSendError(`WhatsApp shows at most ${WA_LIMITS.listRows} choices, got ${buttons.length}`, false);
  }
  return {
    to,
    type: 'interactive',
    interactive: {
      type: 'list',
      body,
      action: {
        button: 'Options',
        sections: [
          {
            rows: buttons.map((b) => ({ id: checkedId(b.id, WA_LIMITS.listRowId), title: truncate(b.title, WA_LIMITS.listRowTitle) })),
          },
        ],
      },
    },
  };
}

export function voiceBody(to: string, mediaId: string): Record<string, unknown> {
  return { to, type: 'audio', audio: { id: mediaId, voice: true } };
}

/**
 * The approved reminder template: one body variable (the subject) and a quick-reply button whose
 * payload comes back in the user's tap.
 */
export function templateBody(
  to: string,
  template: { name: string; languageCode: string; subject: string; buttonPayload: string },
): Record<string, unknown> {
  return {
    to,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.languageCode },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: templateParam(template.subject) }] },
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '0',
          parameters: [{ type: 'payload', payload: checkedId(template.buttonPayload, WA_LIMITS.buttonId) }],
        },
      ],
    },
  };
}

/**
 * An authentication template with a copy-code button: the code fills the body's one variable and
 * the button's, whose sub_type is "url" at send time although the template was created with an
 * "otp"/"copy_code" button (Meta stores it as a URL button).
 */
export function otpTemplateBody(to: string, template: { name: string; languageCode: string; code: string }): Record<string, unknown> {
  const code = template.code;
  if (!/^\S{1,15}$/.test(code)) {
    throw new ChannelSendError(`A one-time code must be 1-${WA_LIMITS.otpCode} characters without spaces`, false);
  }
  return {
    to,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.languageCode },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ],
    },
  };
}

/**
 * The welcome template: its one body variable is the portal link, sent whole, since a cut link
 * would open nothing.
 */
export function welcomeTemplateBody(to: string, template: { name: string; languageCode: string; url: string }): Record<string, unknown> {
  const url = template.url.trim();
  if (url === '' || /\s/.test(url)) throw new ChannelSendError('The welcome link must be one URL without spaces', false);
  return {
    to,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.languageCode },
      components: [{ type: 'body', parameters: [{ type: 'text', text: url }] }],
    },
  };
}

/** A broadcast outside the 24 h window: the approved broadcast template, the message as its one variable. */
export function broadcastTemplateBody(to: string, template: { name: string; languageCode: string; message: string }): Record<string, unknown> {
  return {
    to,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.languageCode },
      components: [{ type: 'body', parameters: [{ type: 'text', text: templateParam(template.message) }] }],
    },
  };
}

/** The thank-you when Premium starts, outside the 24 h window: {{1}} = the next renewal date. */
export function premiumTemplateBody(to: string, template: { name: string; languageCode: string; renewsOn: string }): Record<string, unknown> {
  return bodyTemplate(to, template, [template.renewsOn]);
}

/** The notice before a yearly renewal, outside the 24 h window: {{1}} = the renewal date, {{2}} = the amount. */
export function renewalTemplateBody(to: string, template: { name: string; languageCode: string; renewsOn: string; amount: string }): Record<string, unknown> {
  return bodyTemplate(to, template, [template.renewsOn, template.amount]);
}

function bodyTemplate(to: string, template: { name: string; languageCode: string }, values: string[]): Record<string, unknown> {
  return {
    to,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.languageCode },
      components: [{ type: 'body', parameters: values.map((v) => ({ type: 'text', text: templateParam(v) })) }],
    },
  };
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
