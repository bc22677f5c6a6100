/**
 * The frame every plain message's HTML sits in: one readable column (at most 600 px, as mail
 * clients expect), the shop's type, and long unbroken words (addresses, item titles) wrapped
 * instead of widening the message past a phone's screen. Only inline styles: mail clients drop
 * style sheets.
 */
export function mailFrame(bodyHtml: string): string {
  return `<div style="max-width:600px;margin:0 auto;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222222;overflow-wrap:anywhere;word-break:break-word">${bodyHtml}</div>`;
}
