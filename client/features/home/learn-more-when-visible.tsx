import { LazyWhenVisible } from '#client/components/lazy-when-visible.tsx';

const loadLearnMore = () => import('./learn-more.tsx').then((m) => ({ default: m.LearnMore }));

/** The closing call to action, loaded once the visitor scrolls near the end of the page. */
export function LearnMoreWhenVisible() {
  return <LazyWhenVisible load={loadLearnMore} minHeight="20rem" />;
}
