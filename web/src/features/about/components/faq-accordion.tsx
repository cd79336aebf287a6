import { Accordion } from 'radix-ui';
import { ABOUT_FAQ_ANSWER_MAX_HEIGHT_REM } from '../../../config/constants.ts';
import { FAQ } from './about-content.ts';

/** storefront.md §2 About FAQ: 8 questions as an accessible accordion; answers up to 12 rem high. */
export function FaqAccordion() {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-neutral-200 border-y border-neutral-200"
    >
      {FAQ.map((item, index) => (
        <Accordion.Item key={item.q} value={`faq-${index}`}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between py-4 text-left text-base font-medium hover:text-gold-ink data-[state=open]:text-gold-ink focus-visible:outline-2 focus-visible:outline-ink">
                {item.q}
                <span
                  aria-hidden="true"
                  className="ml-4 text-xl transition-transform group-data-[state=open]:rotate-45"
                >
                  +
                </span>
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content
            className="overflow-y-auto pb-4 text-neutral-600"
            style={{ maxHeight: `${ABOUT_FAQ_ANSWER_MAX_HEIGHT_REM}rem` }}
          >
            {item.a}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
