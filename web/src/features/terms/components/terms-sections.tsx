import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  SITE_NAME,
  TERMS_COURTS,
  TERMS_GOVERNING_LAW,
  TERMS_MINIMUM_AGE,
} from '../../../config/constants.ts';

export interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** storefront.md §2 Terms of Service: the 16 sections in the spec's order, each with an anchor. */
export const TERMS_SECTIONS: TermsSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: (
      <p>
        Welcome to {SITE_NAME}. These Terms of Service govern your use of our website, newsletter and related
        services. This page is also our Privacy Policy summary: we collect only what we need to run the site,
        such as your e-mail address when you subscribe or the details you send us through the contact form.
      </p>
    ),
  },
  {
    id: 'acceptance-of-terms',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By accessing or using {SITE_NAME}, you agree to be bound by these Terms. If you do not agree, please
        do not use the site.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least {TERMS_MINIMUM_AGE} years old to use {SITE_NAME}. By using the site you confirm
        that you are {TERMS_MINIMUM_AGE} or older.
      </p>
    ),
  },
  {
    id: 'account-registration',
    title: 'Account Registration',
    body: (
      <p>
        Visitors do not need an account. Where we offer accounts (for example for staff), you are responsible
        for keeping your credentials confidential and for all activity under your account.
      </p>
    ),
  },
  {
    id: 'user-content',
    title: 'User Content',
    body: (
      <p>
        When you send us messages, suggestions or feedback, you grant us the right to use them to improve our
        service. Do not send anything unlawful, offensive or that infringes the rights of others.
      </p>
    ),
  },
  {
    id: 'purchases-and-payment',
    title: 'Purchases and Payment',
    body: (
      <p>
        {SITE_NAME} does not sell products. Purchases are made with third-party retailers under their own
        terms. Some links are affiliate links, and we may earn a commission at no extra cost to you.
      </p>
    ),
  },
  {
    id: 'shipping-and-delivery',
    title: 'Shipping and Delivery',
    body: (
      <p>
        Shipping and delivery are handled entirely by the retailer you buy from. Please check their policies.
      </p>
    ),
  },
  {
    id: 'returns-and-refunds',
    title: 'Returns and Refunds',
    body: (
      <p>
        Returns and refunds are governed by the retailer's policy. Contact the retailer directly about an
        order.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        The site's design, text and compilation are owned by {SITE_NAME} or its licensors. Images of products
        and shows belong to their respective owners and are used for identification and commentary.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        The site is provided "as is". We work hard to identify items accurately, but we do not guarantee that
        a product, price or availability shown is correct or current.
      </p>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent permitted by law, {SITE_NAME} is not liable for indirect, incidental or
        consequential damages arising from your use of the site or of any retailer you reach through it.
      </p>
    ),
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: (
      <p>
        You agree to indemnify and hold {SITE_NAME} harmless from claims arising from your breach of these
        Terms or your misuse of the site.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: <p>We may suspend or end access to the site for anyone who breaches these Terms.</p>,
  },
  {
    id: 'modifications-to-terms',
    title: 'Modifications to Terms',
    body: (
      <p>
        We may update these Terms from time to time. The new version applies from the moment it is published
        here; continuing to use the site means you accept it.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These Terms are governed by the laws of the State of {TERMS_GOVERNING_LAW}, without regard to its
        conflict of law rules. Any dispute shall be brought exclusively in the state or federal courts located
        in {TERMS_COURTS}, {TERMS_GOVERNING_LAW}.
      </p>
    ),
  },
  {
    id: 'contact-information',
    title: 'Contact Information',
    body: (
      <p>
        Questions about these Terms or your data? Write to us through the{' '}
        <Link to="/get-in-touch" className="underline">
          Get in Touch
        </Link>{' '}
        page.
      </p>
    ),
  },
];
