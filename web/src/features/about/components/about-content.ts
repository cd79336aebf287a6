/** storefront.md §2 About: What We Cover, the four steps and the FAQ of 8 questions. */
export const COVERAGE = [
  { title: 'Reality TV', text: 'Every outfit from the reunions, the confessionals and the trips.' },
  { title: 'Red Carpet', text: 'Premieres, award nights and the dresses everyone talks about.' },
  { title: 'Street Style', text: 'Off-duty looks, airport outfits and everyday favourites.' },
  { title: 'Home Decor', text: 'The sofas, lamps and throw pillows behind the scenes.' },
  { title: 'Beauty', text: 'Lipsticks, palettes and the hair tools the stars reach for.' },
  { title: 'Shop Finds', text: 'Affordable look-alikes when the original is sold out or out of budget.' },
] as const;

export const STEPS = [
  { title: 'We watch', text: 'Our team watches new episodes and events as they air.' },
  {
    title: 'We identify',
    text: 'We match each piece to its brand and product, with screenshots to compare.',
  },
  { title: 'We verify', text: 'Every link is checked so it leads to the right product, in stock.' },
  { title: 'You shop', text: 'Open a look, pick a retailer and shop it in a click.' },
] as const;

export const FAQ = [
  {
    q: 'What is CelebStyle?',
    a: 'CelebStyle is a celebrity and TV-show fashion discovery site. We find the clothes, accessories and home pieces you see on screen and link you to where you can buy them.',
  },
  {
    q: 'Is CelebStyle free to use?',
    a: 'Yes. Browsing, searching and subscribing to the newsletter are free, and you never need an account.',
  },
  {
    q: 'How do you find the exact items?',
    a: 'Our editors watch the shows, compare details such as cut, colour and hardware against retailer catalogues, and only publish a match once it has been checked.',
  },
  {
    q: 'Do you sell the products?',
    a: 'No. We link to the retailers that sell them. Prices, shipping, returns and payment are handled by the retailer you buy from.',
  },
  {
    q: 'How does CelebStyle make money?',
    a: 'Some links are affiliate links: when you buy through them, the retailer may pay us a small commission at no extra cost to you. It never changes which items we feature.',
  },
  {
    q: 'What if an item is sold out?',
    a: 'We check links regularly and prefer working, in-stock links. When the original is gone we point you to the closest alternatives we can find.',
  },
  {
    q: 'Can I suggest a look or a celebrity?',
    a: 'Please do. Use the Get in Touch page and choose Celebrity Style Suggestion as the subject.',
  },
  {
    q: 'How do I unsubscribe from the newsletter?',
    a: 'Every newsletter e-mail has an Unsubscribe link at the bottom; one click is enough. You can subscribe again at any time.',
  },
] as const;
