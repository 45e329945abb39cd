/**
 * What the vendor stand-ins (stripe-standin.ts, stripe-connect-standin.ts, plaid-standin.ts)
 * share: a tiny DOM builder (the stand-ins run as plain scripts in a browser, without React or
 * MUI) and the vendor frame each one embeds, as the real widgets do.
 *
 * The frame is how a journey proves the page's frame-src lets the vendor's frames in: the journey
 * answers `https://<vendor host>/standin/frame.html` with STANDIN_FRAME_HTML and looks for its
 * text inside the frame; a frame the CSP refuses stays empty. In jsdom the frame stays inert.
 */

/** Path of the stand-in frame on a vendor's host. */
export const STANDIN_FRAME_PATH = '/standin/frame.html';

/** The frame's document; its text is what a journey finds inside the frame. */
export const STANDIN_FRAME_TEXT = 'Secure vendor frame (stand-in)';
export const STANDIN_FRAME_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vendor frame</title></head>
<body style="margin:0;font:13px system-ui,sans-serif;color:#475467;display:flex;align-items:center;height:100vh;padding:0 12px;box-sizing:border-box;background:#f9fafb">
<span>${STANDIN_FRAME_TEXT}</span></body></html>`;

type Attrs = Record<string, string>;

/** An element with attributes (style as a string), text or children. */
export function el(doc: Document, tag: string, attrs: Attrs = {}, ...children: Array<Node | string>): HTMLElement {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

export const FONT = 'font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#101828';
export const BUTTON =
  'font:600 14px system-ui,sans-serif;padding:10px 16px;border-radius:6px;border:0;background:#635bff;color:#fff;cursor:pointer;min-height:44px';
export const SECONDARY_BUTTON =
  'font:600 14px system-ui,sans-serif;padding:10px 16px;border-radius:6px;border:1px solid #d0d5dd;background:#fff;color:#344054;cursor:pointer;min-height:44px';

/** The vendor's frame, as the real widget embeds one. */
export function vendorFrame(doc: Document, origin: string, title: string): HTMLElement {
  return el(doc, 'iframe', {
    src: `${origin}${STANDIN_FRAME_PATH}`,
    title,
    style: 'display:block;width:100%;height:44px;border:1px solid #eaecf0;border-radius:6px;margin:12px 0',
  });
}
