import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { notify } from '../../../lib/toast.tsx';
import {
  PostErrors,
  PostMessages,
  type AdminPost,
  type AdminPostUpdate,
  type FilterOptions,
} from '../api/posts-api.ts';
import { ChoiceField } from './choice-field.tsx';
import { ImagePreview } from './image-preview.tsx';
import { LinksEditor, linksPayload, type EditableLink } from './links-editor.tsx';
import { PlatformBadge, StatusBadge } from './post-badges.tsx';
import { useUpdatePost } from '../api/posts-queries.ts';

type Fields = Pick<AdminPost, 'title' | 'description' | 'celebrity' | 'show' | 'brand' | 'productType'> & {
  mainImage: string;
  enhancedImage: string;
};

const fieldsOf = (post: AdminPost): Fields => ({
  title: post.title,
  description: post.description,
  celebrity: post.celebrity,
  show: post.show,
  brand: post.brand,
  productType: post.productType,
  mainImage: post.mainImage ?? '',
  enhancedImage: post.enhancedImage ?? '',
});

/** admin.md §5 Update post: platform (and status) are never sent. */
export function updatePayload(fields: Fields, links: EditableLink[]): AdminPostUpdate {
  return {
    ...fields,
    mainImage: fields.mainImage.trim() || null,
    enhancedImage: fields.enhancedImage.trim() || null,
    affiliateLinks: linksPayload(links),
  };
}

/** admin.md §2 Edit post form, for a post as the catalog has it now. */
export function EditPostDialog({
  post,
  options,
  onClose,
}: {
  post: AdminPost;
  options: FilterOptions | undefined;
  onClose(): void;
}) {
  const [fields, setFields] = useState(() => fieldsOf(post));
  const [links, setLinks] = useState<EditableLink[]>(() =>
    post.affiliateLinks.map((l) => ({ _id: l._id, text: l.text, url: l.url, realUrl: l.realUrl ?? '' })),
  );
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePost();
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { id: post._id, body: updatePayload(fields, links) },
      {
        onSuccess: () => {
          notify.success('Post updated');
          onClose();
        },
        onError: (e) => {
          setError(e.message);
          notify.error(PostErrors.update, e.message);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit Post"
      className="post-dialog"
      dismissible={!update.isPending}
    >
      <form onSubmit={submit} noValidate className="edit-post-form">
        <div className="field">
          <label htmlFor="edit-title">Title</label>
          <input id="edit-title" value={fields.title} onChange={(e) => set('title')(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="edit-description">Description</label>
          <textarea
            id="edit-description"
            rows={3}
            value={fields.description}
            onChange={(e) => set('description')(e.target.value)}
          />
        </div>
        <div className="edit-post-grid">
          <ChoiceField
            label="Celebrity"
            value={fields.celebrity}
            options={options?.celebrities ?? []}
            onChange={set('celebrity')}
          />
          <ChoiceField
            label="Show"
            value={fields.show}
            options={options?.shows ?? []}
            onChange={set('show')}
          />
          <ChoiceField
            label="Brand"
            value={fields.brand}
            options={options?.brands ?? []}
            onChange={set('brand')}
          />
          <ChoiceField
            label="Product Type"
            value={fields.productType}
            options={options?.productTypes ?? []}
            onChange={set('productType')}
          />
        </div>
        <div className="edit-post-grid">
          {(['mainImage', 'enhancedImage'] as const).map((key) => (
            <div className="field" key={key}>
              <label htmlFor={`edit-${key}`}>
                {key === 'mainImage' ? 'Main Image URL' : 'Enhanced Image URL'}
              </label>
              <input id={`edit-${key}`} value={fields[key]} onChange={(e) => set(key)(e.target.value)} />
              <ImagePreview
                src={fields[key].trim() || null}
                alt={key === 'mainImage' ? 'Main image preview' : 'Enhanced image preview'}
                className="edit-preview"
                placeholder="Image not available"
              />
            </div>
          ))}
        </div>
        <div className="edit-post-grid">
          <div className="field">
            <span className="field-label">Status</span>
            <StatusBadge status={post.status} />
            <p className="muted small-print">{PostMessages.statusHint}</p>
          </div>
          <div className="field">
            <span className="field-label">Platform</span>
            <PlatformBadge platform={post.platform} />
          </div>
        </div>
        <LinksEditor links={links} onChange={setLinks} />
        {error && (
          <p role="alert" className="banner">
            {error}
          </p>
        )}
        <div className="buttons">
          <button type="button" className="secondary" disabled={update.isPending} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
