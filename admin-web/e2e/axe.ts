import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical axe violations on the page as it is now, one line each (empty when
 * none), as web/e2e checks the storefront. label-content-name-mismatch is experimental in axe 4.13
 * and turned on: a control whose visible text is not in its name confuses voice control users.
 */
export async function seriousA11yViolations(page: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) on ${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
