import { useState } from 'react';
import { AFFILIATE_LINK_PLACEHOLDER_URL, type AdminPostLinkInput } from '@celebstyle/contracts';

/** A link as the form holds it: saved links keep their id, new ones have a 'temp-' id. */
export interface EditableLink {
  _id: string;
  text: string;
  url: string;
  realUrl: string;
}

let tempCounter = 0;
export const newTempId = () => `temp-${Date.now()}-${++tempCounter}`;

/** admin.md §5 Update post: temporary ids are removed from new links; a blank realUrl is none. */
export function linksPayload(links: EditableLink[]): AdminPostLinkInput[] {
  return links.map((link) => {
    const fields = { text: link.text.trim(), url: link.url, realUrl: link.realUrl.trim() || null };
    return link._id.startsWith('temp-') ? fields : { _id: link._id, ...fields };
  });
}

/**
 * admin.md §2 Edit post form links: text and realUrl editable, removable; a new link needs its text
 * (realUrl optional). Link text may carry a price ('Silk Dress $89.99').
 */
export function LinksEditor({
  links,
  onChange,
}: {
  links: EditableLink[];
  onChange(links: EditableLink[]): void;
}) {
  const [text, setText] = useState('');
  const [realUrl, setRealUrl] = useState('');
  const edit = (id: string, patch: Partial<EditableLink>) =>
    onChange(links.map((link) => (link._id === id ? { ...link, ...patch } : link)));
  const add = () => {
    if (text.trim() === '') return;
    onChange([
      ...links,
      { _id: newTempId(), text: text.trim(), url: AFFILIATE_LINK_PLACEHOLDER_URL, realUrl: realUrl.trim() },
    ]);
    setText('');
    setRealUrl('');
  };
  return (
    <fieldset className="links-editor">
      <legend>Affiliate Links ({links.length})</legend>
      {links.length === 0 && <p className="muted">No affiliate links.</p>}
      <ul>
        {links.map((link, i) => (
          <li key={link._id} className="link-row">
            <input
              aria-label={`Link ${i + 1} text`}
              value={link.text}
              onChange={(e) => edit(link._id, { text: e.target.value })}
            />
            <input
              aria-label={`Link ${i + 1} product URL`}
              value={link.realUrl}
              placeholder="https://"
              onChange={(e) => edit(link._id, { realUrl: e.target.value })}
            />
            <button
              type="button"
              className="danger small"
              aria-label={`Remove link ${i + 1}`}
              onClick={() => onChange(links.filter((l) => l._id !== link._id))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="link-row link-add">
        <input
          aria-label="New link text"
          value={text}
          placeholder="Link text, e.g. Silk Dress $89.99"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <input
          aria-label="New link product URL (optional)"
          value={realUrl}
          placeholder="https:// (optional)"
          onChange={(e) => setRealUrl(e.target.value)}
        />
        <button type="button" className="secondary small" disabled={text.trim() === ''} onClick={add}>
          Add Link
        </button>
      </div>
    </fieldset>
  );
}
