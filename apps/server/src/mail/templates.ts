import content from './content.json';
import type { MailTemplate } from './outbox';

/**
 * Renders a queued message from its template's texts (content.json) and values: a plain-text
 * part and a simple HTML part in Bloom's look (apps/web/src/styles/tokens.css: the cream page,
 * navy serif heading, blue button; inline styles, as mail clients ignore style sheets). Every
 * value is escaped in the HTML; links are absolute, made from APP_ORIGIN.
 *
 * The values each template reads (all strings, all optional unless noted):
 * - verify-email:      name, link (required for the button), intro (replaces the sign-up wording: only in
 *                      messages to a new address queued before confirm-new-email existed)
 * - confirm-new-email: name, link (required for the button)
 * - password-reset:    name, link (required for the button)
 * - password-changed:  name, changedAt, link (default: the site's front page)
 * - email-changed:     name, newEmail, link (default: the site's front page)
 * - coach-invitation:  name, coachName, link (required for the button)
 * - plan-receipt:      name, amount, assessmentDate, purchaseDate, link
 * Every template may also read supportEmail, which only the configuration gives (SUPPORT_EMAIL).
 * A paragraph whose value is missing and has no fallback words is left out; unknown keys are ignored.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface TemplateTexts {
  subject: string;
  heading: string;
  before: string[];
  action?: { label: string; link: string; defaultPath?: string };
  after: string[];
  /** Why the person gets this mail, where the common footer ("because of your Bloom account") is not true: an invitation goes to someone without one. */
  footer?: string;
}

const TEMPLATES: Record<MailTemplate, TemplateTexts> = content.templates;

/** Bloom's colours and fonts (tokens.css), written out: mail clients know no custom properties. */
const LOOK = {
  page: '#fbf7ef',
  surface: '#ffffff',
  border: '#ddd3c0',
  heading: '#16324f',
  text: '#1c2733',
  muted: '#45535f',
  primary: '#2f6fad',
  onPrimary: '#ffffff',
  link: '#265d93',
  sans: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif",
  serif: "'Iowan Old Style', 'Palatino Linotype', 'DejaVu Serif', serif",
};

export function renderMail(
  template: MailTemplate,
  data: Readonly<Record<string, unknown>>,
  options: { appOrigin: string; supportEmail?: string | undefined },
): RenderedMail {
  const texts = TEMPLATES[template];
  if (!texts) throw new Error(`No mail template named ${String(template)}`);
  // The support address comes from the configuration, never from the queued values (decision 0072).
  const values = stringValues(data);
  delete values.supportEmail;
  if (options.supportEmail) values.supportEmail = options.supportEmail;
  const fill = (line: string) => fillPlaceholders(line, values);
  const paragraphs = (lines: readonly string[]) => lines.map(fill).filter((line): line is string => line !== null);

  const subject = subjectLine(texts, values);
  const heading = fill(texts.heading) ?? '';
  const before = paragraphs(texts.before);
  const after = paragraphs(texts.after);
  const link = texts.action ? absoluteLink(values[texts.action.link] ?? texts.action.defaultPath, options.appOrigin) : undefined;
  const action = texts.action && link ? { label: texts.action.label, link } : undefined;
  const footer = fillPlaceholders(texts.footer ?? content.footer, { ...values, origin: options.appOrigin }) ?? '';
  const support = fillPlaceholders(content.support, values);

  const text = [
    heading,
    '',
    ...before.flatMap((line) => [line, '']),
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    ...after.flatMap((line) => [line, '']),
    '-- ',
    `${content.brand}: ${footer}`,
    ...(support ? [support] : []),
    '',
  ].join('\n');

  const paragraph = (line: string) => `<p style="margin:0 0 16px 0;font-family:${attr(LOOK.sans)};font-size:16px;line-height:1.5;color:${LOOK.text};">${escapeHtml(line)}</p>`;
  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr><td style="border-radius:8px;background:${LOOK.primary};">` +
      `<a href="${escapeHtml(action.link)}" style="display:inline-block;padding:12px 22px;font-family:${attr(LOOK.sans)};font-size:16px;font-weight:600;color:${LOOK.onPrimary};text-decoration:none;border-radius:8px;">${escapeHtml(action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px 0;font-family:${attr(LOOK.sans)};font-size:14px;line-height:1.5;color:${LOOK.muted};">${escapeHtml(content.linkFallback)}<br><a href="${escapeHtml(action.link)}" style="color:${LOOK.link};word-break:break-all;">${escapeHtml(action.link)}</a></p>`
    : '';
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${LOOK.page};">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${LOOK.page};"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">` +
    `<tr><td style="padding:0 4px 16px 4px;font-family:${attr(LOOK.serif)};font-size:24px;font-weight:700;color:${LOOK.heading};">${escapeHtml(content.brand)}</td></tr>` +
    `<tr><td style="background:${LOOK.surface};border:1px solid ${LOOK.border};border-radius:12px;padding:28px 28px 12px 28px;">` +
    `<h1 style="margin:0 0 20px 0;font-family:${attr(LOOK.serif)};font-size:24px;line-height:1.25;font-weight:700;color:${LOOK.heading};">${escapeHtml(heading)}</h1>` +
    before.map(paragraph).join('') +
    button +
    after.map(paragraph).join('') +
    `</td></tr>` +
    `<tr><td style="padding:16px 4px;font-family:${attr(LOOK.sans)};font-size:13px;line-height:1.5;color:${LOOK.muted};">${escapeHtml(footer)}${support ? `<br>${escapeHtml(support)}` : ''}</td></tr>` +
    `</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/**
 * A message's subject alone, for listing mail without its text (the personal-data export). The
 * action's link is left out of the values, so not even a future subject naming it could carry
 * its token.
 */
export function renderSubject(template: MailTemplate, data: Readonly<Record<string, unknown>>): string {
  const texts = TEMPLATES[template];
  if (!texts) throw new Error(`No mail template named ${String(template)}`);
  const values = stringValues(data);
  if (texts.action) delete values[texts.action.link];
  return subjectLine(texts, values);
}

/** One line: a value's line break never reaches the header. */
function subjectLine(texts: TemplateTexts, values: Readonly<Record<string, string>>): string {
  return (fillPlaceholders(texts.subject, values) ?? content.brand).replace(/[\r\n]+/g, ' ');
}

/** The string values of `data`; anything else (a number by mistake, a nested object) is dropped. */
function stringValues(data: Readonly<Record<string, unknown>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) if (typeof value === 'string' && value.trim() !== '') values[key] = value;
  return values;
}

/** `{key}` and `{key|fallback words}`; null when a value without fallback is missing (the line is left out). */
function fillPlaceholders(line: string, values: Readonly<Record<string, string>>): string | null {
  let missing = false;
  const filled = line.replace(/\{([A-Za-z][A-Za-z0-9]*)(?:\|([^}]*))?\}/g, (_whole, key: string, fallback: string | undefined) => {
    const value = Object.hasOwn(values, key) ? values[key] : undefined;
    if (value !== undefined) return value;
    if (fallback !== undefined) return fallback;
    missing = true;
    return '';
  });
  return missing ? null : filled;
}

/** An http(s) address: a path is resolved against APP_ORIGIN; anything else (javascript:, mailto:) is dropped. */
function absoluteLink(link: string | undefined, appOrigin: string): string | undefined {
  if (!link) return undefined;
  let url: URL;
  try {
    url = new URL(link, `${appOrigin}/`);
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A style value inside a double-quoted attribute (the font lists hold single quotes only). */
const attr = (value: string) => value.replace(/"/g, '&quot;');
