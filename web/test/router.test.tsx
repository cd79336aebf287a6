import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { WEB_ROUTE_PATTERNS } from '@celebstyle/contracts';
import { SiteHeader } from '../src/app/layout/site-header.tsx';
import { createAppRoutes } from '../src/app/router.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';

function registeredPaths(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index
      ? prefix || '/'
      : route.path
        ? `${prefix.replace(/\/$/, '')}/${route.path}`.replace('//', '/')
        : prefix;
    return [...(route.index || route.path ? [own] : []), ...registeredPaths(route.children ?? [], own)];
  });
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('public routes (storefront.md §2)', () => {
  it('registers every public route pattern the gateway knows', () => {
    const paths = registeredPaths(createAppRoutes(createQueryClient()));
    for (const pattern of WEB_ROUTE_PATTERNS) expect(paths).toContain(pattern);
  });

  it("shows '404 - Page Not Found' on an unknown path", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it.each(['/FASHION', '/About', '/TERMS'])(
    "shows '404 - Page Not Found' on %s, an upper-case variant the spec does not list",
    async (path) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{}', { status: 503 })),
      );
      renderAt(path);
      expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
      vi.unstubAllGlobals();
    },
  );
});

describe('site header and footer (storefront.md §2)', () => {
  it('reach the demo product page from the footer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    renderAt('/terms');
    expect(await screen.findByRole('link', { name: 'Featured Look' })).toHaveAttribute('href', '/product');
    vi.unstubAllGlobals();
  });

  it('show the hero image behind the home header only', () => {
    const headerAt = (path: string) => {
      const view = render(
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <SiteHeader />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      const className = view.container.querySelector('header')?.className ?? '';
      view.unmount();
      return className;
    };
    expect(headerAt('/')).toContain('url(/media/hero-fallback.svg)');
    expect(headerAt('/terms')).not.toContain('hero-fallback');
  });
});
