import { escapeXml } from '../escape-xml.ts';
import type { OutgoingMail } from './mail-transport.ts';

/** Who the mail comes from, in its footer (the legal pages' company and contact). */
export type MailBrand = { companyName: string; contactEmail: string; publicUrl: string };

/** What one message says; compose-mail turns it into a plain-text and an HTML part. */
export type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The one thing to do, as a button (HTML) and a labelled address (text). */
  action?: { label: string; url: string };
  /** Said after the action: what to do if this mail was not expected. */
  closing?: string[];
  /** Notifications only: security mail always goes, so it has no way to turn it off. */
  unsubscribeUrl?: string;
};

const SITE = 'PrintMarket';

export function composeMail(to: string, content: MailContent, brand: MailBrand): OutgoingMail {
  const headers: Record<string, string> = {};
  if (content.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${content.unsubscribeUrl}>`;
    // One click in the mail program turns it off: it POSTs to that address (RFC 8058).
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    to,
    subject: content.subject,
    text: textPart(content, brand),
    html: htmlPart(content, brand),
    headers,
  };
}

function footerLines(content: MailContent, brand: MailBrand): string[] {
  const lines = [
    `${SITE} · ${brand.companyName} · ${brand.publicUrl}`,
    `Questions? Write to ${brand.contactEmail}.`,
  ];
  if (content.unsubscribeUrl) lines.push(`Turn these emails off: ${content.unsubscribeUrl}`);
  return lines;
}

function textPart(content: MailContent, brand: MailBrand): string {
  const blocks = [content.greeting, ...content.paragraphs];
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  blocks.push(...(content.closing ?? []), `-- \n${footerLines(content, brand).join('\n')}`);
  return `${blocks.join('\n\n')}\n`;
}

const FONT = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';

function htmlPart(content: MailContent, brand: MailBrand): string {
  const p = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeXml(text)}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeXml(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#4f46e5;color:#ffffff;font-weight:600;text-decoration:none">${escapeXml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#4b5563">Or open this address: <a href="${escapeXml(content.action.url)}" style="color:#4338ca;word-break:break-all">${escapeXml(content.action.url)}</a></p>`
    : '';
  const footer = footerLines(content, brand)
    .map((line) => `<p style="margin:0 0 4px">${linkify(line, content.unsubscribeUrl)}</p>`)
    .join('');
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeXml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f5f6fa;color:#111827;${FONT}">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px 24px;border:1px solid #e5e7eb">',
    `<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#4f46e5">${SITE}</p>`,
    p(content.greeting),
    ...content.paragraphs.map(p),
    action,
    ...(content.closing ?? []).map(p),
    '</div>',
    `<div style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b7280;line-height:1.5">${footer}</div>`,
    '</body></html>',
  ].join('\n');
}

/** The unsubscribe line's address as a link; every other footer line is plain text. */
function linkify(line: string, unsubscribeUrl: string | undefined): string {
  const escaped = escapeXml(line);
  if (!unsubscribeUrl || !line.endsWith(unsubscribeUrl)) return escaped;
  const url = escapeXml(unsubscribeUrl);
  return escaped.replace(url, `<a href="${url}" style="color:#4b5563">${url}</a>`);
}
