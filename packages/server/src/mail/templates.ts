import { languageOf, type Language } from '@esign/contract';
import type { MailBlock, MailTexts } from './template-blocks.ts';
import type { MailParams, MailTemplate } from './template-params.ts';
import { englishMail } from './template-texts-en.ts';
import { finnishMail } from './template-texts-fi.ts';
import { swedishMail } from './template-texts-sv.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const textsOf: Record<Language, MailTexts> = {
  fi: finnishMail,
  en: englishMail,
  sv: swedishMail,
};

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
const escapeLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>\n');

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'quote':
      return `${block.label}\n${block.text.replace(/^/gm, '> ')}`;
    case 'code':
      return `    ${block.text}`;
    case 'link':
      return `${block.label}:\n${block.url}`;
  }
}

const paragraphStyle = 'margin:0 0 16px';

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${paragraphStyle}">${escapeLines(block.text)}</p>`;
    case 'quote':
      return (
        `<p style="margin:0 0 4px"><strong>${escapeHtml(block.label)}</strong></p>` +
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #adb5bd;background:#f1f3f5">${escapeLines(block.text)}</blockquote>`
      );
    case 'code':
      return `<p style="${paragraphStyle};font:bold 28px monospace;letter-spacing:6px">${escapeHtml(block.text)}</p>`;
    case 'link':
      // The address is also written out, for mail readers that hide or block links.
      return (
        `<p style="${paragraphStyle}"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:10px 16px;background:#0b5ed7;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>` +
        `<p style="${paragraphStyle};font-size:13px;color:#495057;word-break:break-all">${escapeHtml(block.url)}</p>`
      );
  }
}

/**
 * A message in the recipient's language (Finnish for none, or one without texts), as plain
 * text and as HTML in which every parameter is escaped.
 */
export function renderMail<T extends MailTemplate>(
  template: T,
  language: string | null,
  params: MailParams[T],
): RenderedMail {
  const lang = languageOf(language);
  const content = textsOf[lang][template](params);
  // A subject is one header line: a flow name with line breaks must not add headers.
  const subject = content.subject.replace(/\s+/g, ' ').trim();
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#212529;background:#ffffff">',
    `<div style="max-width:600px">${content.blocks.map(blockHtml).join('\n')}</div>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text: `${content.blocks.map(blockText).join('\n\n')}\n`, html };
}

export type { MailParams, MailTemplate } from './template-params.ts';
