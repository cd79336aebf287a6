import { Seo } from '../seo.tsx';

/** A titled page shell for screens a later issue fills in; it still sets title and description. */
export function PagePlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-3xl px-6 py-20 text-center">
      <Seo title={title} description={description} />
      <h1 className="font-display text-4xl">{title}</h1>
      <p className="mt-4 text-neutral-600">{description}</p>
    </div>
  );
}
