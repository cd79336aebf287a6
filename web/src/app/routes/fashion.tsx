import { FashionPage } from '../../features/fashion/components/fashion-page.tsx';

/** storefront.md §2: /fashion and /Fashion. */
export default function FashionRoute() {
  return <FashionPage />;
}
