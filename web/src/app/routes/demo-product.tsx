import { Link } from 'react-router';
import { usePosts } from '../../lib/catalog/posts.ts';
import { Seo } from '../../components/seo.tsx';
import { SafeImage } from '../../components/ui/safe-image.tsx';
import { Carousel } from '../../components/ui/carousel.tsx';
import { PostCard, PostCardSkeleton } from '../../components/post-card.tsx';
import { SectionHeading } from '../../components/ui/section-heading.tsx';

// storefront.md §2: /product is a static demo page with hard-coded content.
const DEMO = {
  title: 'Red Satin Slip Dress',
  celebrity: 'Kyle Richards',
  show: 'The Real Housewives of Beverly Hills',
  brand: 'Reformation',
  /** An illustration made for this page (web/public/media), no product photo to license. */
  image: '/media/demo-product.svg',
  text: 'A bias-cut satin slip dress with delicate straps and a cowl neckline, worn for a dinner scene. Pair it with strappy sandals and gold hoops to recreate the look.',
};
const SLIDE = 'basis-1/2 md:basis-1/3 lg:basis-1/4';

function DemoCarousel({ title, celebrity, show }: { title: string; celebrity?: string; show?: string }) {
  const posts = usePosts({ page: 1, limit: 8, celebrity, show, sort: 'createdAt', order: 'desc' });
  return (
    <section className="mt-14">
      <SectionHeading title={title} links={[{ to: '/trending', label: 'View All' }]} />
      <Carousel label={title} slideClass={SLIDE} showDots={!posts.isPending}>
        {posts.isPending
          ? Array.from({ length: 4 }, (_, i) => <PostCardSkeleton key={i} />)
          : (posts.data?.posts ?? []).map((p) => <PostCard key={p._id} post={p} />)}
      </Carousel>
    </section>
  );
}

export default function DemoProductRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6">
      <Seo title={DEMO.title} description={DEMO.text} />
      <div className="grid gap-8 md:grid-cols-2">
        <SafeImage
          src={DEMO.image}
          alt={DEMO.title}
          fetchPriority="high"
          className="aspect-[4/5] w-full rounded-2xl"
        />
        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-gold-ink uppercase">Dress</p>
          <h1 className="mt-2 font-display text-4xl">{DEMO.title}</h1>
          <p className="mt-2 text-neutral-600">{DEMO.brand}</p>
          <p className="mt-6 leading-7 text-neutral-700">{DEMO.text}</p>
          <p className="mt-4 text-sm text-neutral-500">
            Worn by {DEMO.celebrity} on {DEMO.show}.
          </p>
          <Link
            to="/fashion"
            className="mt-8 inline-flex h-12 items-center rounded-full bg-ink px-8 text-sm font-semibold tracking-[0.15em] text-white uppercase"
          >
            Shop the Collection
          </Link>
        </div>
      </div>
      <DemoCarousel title={`More Items Worn By ${DEMO.celebrity}`} celebrity={DEMO.celebrity} />
      <DemoCarousel title={`More Items From ${DEMO.show}`} show={DEMO.show} />
    </div>
  );
}
