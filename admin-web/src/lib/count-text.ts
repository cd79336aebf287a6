/** 'N thing' or 'N things', as a person writes it: '1 link', '2 links', '1,204 links'. */
export function countOf(
  count: number,
  singular: string,
  format: Pick<Intl.NumberFormat, 'format'> = new Intl.NumberFormat('en-US'),
): string {
  return `${format.format(count)} ${count === 1 ? singular : `${singular}s`}`;
}
