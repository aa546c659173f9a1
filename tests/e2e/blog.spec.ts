import type { Locator, Page } from '@playwright/test';
import { expect, sectionsBeforeAndAfterScrollingDown, test, untilLaidOut } from './fixtures.ts';

// Newest first, by the articles' dates.
const TITLES = [
  'Why Top Agents Let AI Handle the First Call',
  'Real-Estate Call Scripts That Work (and Why They Work)',
  'From Cold to Conversational: Nurturing Leads Who Are Not Ready Yet',
  'How Voice AI Qualifies Real-Estate Leads Before You Pick Up the Phone',
  'The Best Times to Call Real-Estate Leads, From 30,000+ Calls',
];
const NEWEST_COVER = '/images/blog/why-top-agents-let-ai-handle-the-first-call.svg';
const OLDEST_COVER = '/images/blog/best-times-to-call-real-estate-leads.svg';

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title }) });

test('the blog lists every article newest first', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real-Estate Lead Conversion Insights');
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(TITLES);
});

test("a card shows its cover, badges, title, excerpt, date, the article's reading time and Read More", async ({
  page,
}) => {
  await page.goto('/blogs');
  const first = card(page, TITLES[0] ?? '');
  await expect(first.getByRole('list', { name: 'Categories' }).getByRole('listitem')).toHaveText([
    'Business Strategy',
    'AI Technology',
  ]);
  await expect(first.getByText(/^The first call decides whether a lead becomes a client/)).toBeVisible();
  await expect(first.locator('time')).toHaveText('Apr 10, 2024');
  // Counted from the article's own words (docs/content.md), not from the excerpt's 163 characters (1 minute).
  await expect(first).toContainText('6 min read');
  await expect(first).not.toContainText('1 min read');
  const readMore = first.getByRole('link', { name: `Read More about ${TITLES[0]}` });
  await expect(readMore).toHaveAttribute('href', '/blog/why-top-agents-let-ai-handle-the-first-call');
  await expect(readMore).toHaveText(/^Read More/);

  const cover = first.locator('img');
  await expect(cover).toHaveAttribute('src', NEWEST_COVER);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('the excerpt is clamped to two lines', async ({ page }) => {
  await page.goto('/blogs');
  const excerpt = card(page, TITLES[0] ?? '').locator('.excerpt');
  const { height, lineHeight } = await excerpt.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height).toBeLessThanOrEqual(lineHeight * 2 + 1);
});

test('a card shows at most two category badges, then +N', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/blogs');
  const badges = card(page, TITLES[3] ?? '')
    .getByRole('list', { name: 'Categories' })
    .getByRole('listitem');
  await expect(badges).toHaveCount(3);
  await expect(badges.nth(0)).toHaveText('AI Technology');
  await expect(badges.nth(1)).toHaveText('Lead Generation');
  await expect(badges.nth(2)).toHaveText(/^\+1/);
  await expect(badges.nth(2)).toHaveAttribute('title', 'Real Estate Strategy');
});

test.describe('on a short screen', () => {
  test.use({ viewport: { width: 390, height: 700 } });

  test('covers load only as they come near, in a frame sized beforehand', async ({ page }) => {
    await page.goto('/blogs');
    const last = card(page, TITLES[4] ?? '');
    const frame = last.locator('.cover');
    // Far below the fold: no image yet, but its frame already has the cover's proportions.
    await expect(last.locator('img')).toHaveCount(0);
    const before = await frame.boundingBox();
    expect(before).not.toBeNull();
    expect(Math.abs((before?.height ?? 0) - ((before?.width ?? 0) * 630) / 1200)).toBeLessThan(1.5);
    const headingBefore = await last.getByRole('heading').boundingBox();

    await frame.scrollIntoViewIfNeeded();
    await expect.poll(() => last.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    // Nothing moved when the image arrived (no layout shift inside the card).
    const headingAfter = await last.getByRole('heading').boundingBox();
    const frameAfter = await frame.boundingBox();
    expect(Math.round(frameAfter?.height ?? 0)).toBe(Math.round(before?.height ?? 0));
    expect(Math.round((headingAfter?.y ?? 0) - (frameAfter?.y ?? 0))).toBe(
      Math.round((headingBefore?.y ?? 0) - (before?.y ?? 0)),
    );
  });

  test('a cover further down that fails to load says so in its place, and nothing moves', async ({
    page,
    pageErrors,
  }) => {
    const requested: string[] = [];
    await page.route(`**${OLDEST_COVER}`, (route) => {
      requested.push(route.request().url());
      return route.abort();
    });
    await page.goto('/blogs');
    const last = card(page, TITLES[4] ?? '');
    const frame = last.locator('.cover');
    // Far below the fold it has not been asked for yet.
    await expect(last.locator('img')).toHaveCount(0);
    expect(requested).toEqual([]);
    const before = await frame.boundingBox();
    const headingBefore = await last.getByRole('heading').boundingBox();

    await frame.scrollIntoViewIfNeeded();
    await expect(frame.getByText('Failed to load image')).toBeVisible();
    expect(requested.length).toBeGreaterThan(0);
    await expect(last.locator('img')).toHaveCount(0);
    // The message takes the picture's place: the frame keeps its size and the words below stay put.
    const frameAfter = await frame.boundingBox();
    const headingAfter = await last.getByRole('heading').boundingBox();
    expect(Math.round(frameAfter?.height ?? 0)).toBe(Math.round(before?.height ?? 0));
    expect(Math.round((headingAfter?.y ?? 0) - (frameAfter?.y ?? 0))).toBe(
      Math.round((headingBefore?.y ?? 0) - (before?.y ?? 0)),
    );
    await expect(last.getByRole('link', { name: /^Read More/ })).toBeVisible();
    // The newest cover, loaded with the page, is untouched.
    await expect(card(page, TITLES[0] ?? '').getByText('Failed to load image')).toHaveCount(0);
    // The browser reports the refused image itself; that one report is expected.
    const unexpected = pageErrors.filter((error) => !/Failed to load resource/.test(error));
    pageErrors.splice(0, pageErrors.length, ...unexpected);
  });
});

test('the layout switches between grid and list, and the choice is kept in the URL', async ({ page, isMobile }) => {
  await page.goto('/blogs');
  const layout = page.getByRole('group', { name: 'Layout' });
  const grid = layout.getByRole('button', { name: 'Grid' });
  const list = layout.getByRole('button', { name: 'List' });
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await expect(list).toHaveAttribute('aria-pressed', 'false');
  await expect(cards(page).first()).toHaveAttribute('data-layout', 'grid');

  await list.click();
  await expect(page).toHaveURL('/blogs?layout=list');
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(grid).toHaveAttribute('aria-pressed', 'false');
  for (const article of await cards(page).all()) await expect(article).toHaveAttribute('data-layout', 'list');
  if (!isMobile) {
    // A list row: the cover sits beside the words, not above them.
    const first = cards(page).first();
    const cover = await first.locator('.cover').boundingBox();
    const heading = await first.getByRole('heading').boundingBox();
    expect((heading?.x ?? 0) > (cover?.x ?? 0) + (cover?.width ?? 0) - 1).toBe(true);
  }

  await page.reload();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Grid' }).click();
  await expect(page).toHaveURL('/blogs?layout=grid');
  await expect(cards(page).first()).toHaveAttribute('data-layout', 'grid');
});

test('a cover that fails to load says so in its place', { tag: '@phone' }, async ({ page, pageErrors }) => {
  await page.route(`**${NEWEST_COVER}`, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/blogs');
  const first = card(page, TITLES[0] ?? '');
  await expect(first.getByText('Failed to load image')).toBeVisible();
  await expect(first.locator('img')).toHaveCount(0);
  // The rest of the card is still there, and so are the other covers.
  await expect(first.getByRole('link', { name: /^Read More/ })).toBeVisible();
  await expect(card(page, TITLES[1] ?? '').getByText('Failed to load image')).toHaveCount(0);
  // The browser reports the refused image itself; that one report is expected.
  const unexpected = pageErrors.filter((error) => !/Failed to load resource.*404/.test(error));
  pageErrors.splice(0, pageErrors.length, ...unexpected);
});

test('Read More opens the article', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/blogs');
  await page.getByRole('link', { name: `Read More about ${TITLES[1]}` }).click();
  await expect(page).toHaveURL('/blog/real-estate-call-scripts-that-work');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[1] ?? '');
  await expect(page).toHaveTitle(`${TITLES[1]} | Porchlight`);
});

test('every card gives the reading time its article gives', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/blogs');
  const onCards = new Map<string, string>();
  for (const title of TITLES) {
    onCards.set(
      title,
      (await card(page, title)
        .getByText(/^\d+ min read$/)
        .textContent()) ?? '',
    );
  }
  for (const title of TITLES) {
    await page.goto('/blogs');
    await card(page, title)
      .getByRole('link', { name: `Read More about ${title}` })
      .click();
    const article = page.getByRole('main').getByRole('article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(article.getByText(/^\d+ min read$/)).toHaveText(onCards.get(title) ?? 'missing');
  }
  expect([...onCards.values()].every((time) => time !== '1 min read')).toBe(true);
});

/** The colour the screen shows at a point of an element, given as fractions of its box. */
async function colourAt(page: Page, element: Locator, x: number, y: number): Promise<number[]> {
  const box = await element.boundingBox();
  if (!box) throw new Error('the element has no box');
  const shot = await page.screenshot({
    clip: { x: box.x + box.width * x, y: box.y + box.height * y, width: 1, height: 1 },
  });
  return page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    context?.drawImage(image, 0, 0);
    return [...(context?.getImageData(0, 0, 1, 1).data ?? [])].slice(0, 3);
  }, shot.toString('base64'));
}

test("a cover is drawn in the page's theme: light, dark, and dark when chosen on a light system", {
  tag: '@phone',
}, async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/blog/real-estate-call-scripts-that-work');
  const cover = page.getByRole('main').getByRole('article').locator('img.cover');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // A point of the cover's background, clear of the drawing.
  const background = () => colourAt(page, cover, 0.5, 0.03);
  const brightness = async () => Math.max(...(await background()));
  expect(await brightness()).toBeGreaterThan(230);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(brightness).toBeLessThan(50);
  // The visitor's own choice of the dark theme, on a system set to light.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(brightness).toBeGreaterThan(230);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await expect.poll(brightness).toBeLessThan(50);
});

test('an article renders its markdown: headings, lists, quotes and tables, with author, date and cover', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/blog/real-estate-call-scripts-that-work');
  const article = page.getByRole('main').getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(TITLES[1] ?? '');
  await expect(article.getByRole('link', { name: 'Dana Whitfield' })).toHaveAttribute('href', '/meet/dana-whitfield');
  await expect(article.locator('time').first()).toHaveText('Apr 2, 2024');
  await expect(article).toContainText('7 min read');
  await expect(article.getByRole('list', { name: 'Categories' }).getByRole('listitem')).toHaveText([
    'Sales Techniques',
    'Agent Resources',
  ]);
  const cover = article.locator('img.cover');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);

  const sections = article.getByRole('heading', { level: 2 });
  expect(await sections.count()).toBeGreaterThanOrEqual(4);
  await expect(sections.first()).toHaveText('The three rules behind every script that works');
  await expect(article.locator('ol > li').first()).toBeVisible();
  expect(await article.locator('ul > li, ol > li').count()).toBeGreaterThan(5);
  await expect(article.locator('blockquote').first()).toBeVisible();
  await expect(article.getByRole('table').first()).toBeVisible();
});

test('a heading links to itself', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/blog/real-estate-call-scripts-that-work');
  const heading = page.getByRole('heading', { level: 2, name: 'The three rules behind every script that works' });
  await heading.getByRole('link').click();
  await expect(page).toHaveURL(
    '/blog/real-estate-call-scripts-that-work#the-three-rules-behind-every-script-that-works',
  );
  await expect(heading).toBeInViewport();
});

test('the other articles are linked from an article and open from it', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/blog/real-estate-call-scripts-that-work');
  const more = page.getByRole('navigation', { name: 'More articles' });
  await expect(more.getByRole('listitem')).toHaveCount(TITLES.length - 1);
  await more.getByRole('link', { name: TITLES[4] }).click();
  await expect(page).toHaveURL('/blog/best-times-to-call-real-estate-leads');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[4] ?? '');
  await expect(page.getByRole('main').locator('time').first()).toHaveText('Feb 28, 2024');
  // The previous article's body is gone, the new one is rendered.
  await expect(page.getByRole('heading', { name: 'The three rules behind every script that works' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.getByRole('link', { name: '← All articles' }).click();
  await expect(page).toHaveURL('/blogs');
});

test('a link inside an article opens another article', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/blog/real-estate-call-scripts-that-work');
  const body = page.getByRole('main').getByRole('article');
  await body.getByRole('link', { name: 'how voice AI qualifies real-estate leads' }).click();
  await expect(page).toHaveURL('/blog/lead-qualification-with-voice-ai');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[3] ?? '');
  await expect(page).toHaveTitle(`${TITLES[3]} | Porchlight`);
});

test("an article's link to the pricing calculator lands on the home page's pricing section, even when the sections above it arrive last", {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/blog/lead-qualification-with-voice-ai');
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(how-it-works|integrations|why-choose|compliance)-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('main').getByRole('article').getByRole('link', { name: 'pricing calculator' }).click();
  await expect(page).toHaveURL('/#pricing');
  const heading = page.getByRole('heading', { level: 2, name: 'Pay for the leads you get, not for seats' });
  await expect(heading).toBeAttached();
  release();
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: 'From new lead to booked appointment, without you lifting a finger',
    }),
  ).toBeAttached();
  await expect(heading).toBeInViewport();
});

test('in the grid, the cards of a row start their badges and titles level, whatever the length of their titles', {
  tag: '@desktop',
}, async ({ page }) => {
  await page.goto('/blogs');
  let unlike = false;
  for (const width of [700, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Each row of cards (same top) with the tops of their badge rows and titles.
    const rows = await cards(page).evaluateAll((articles) => {
      const byRow = new Map<number, { badges: number[]; titles: number[]; titleHeights: number[] }>();
      for (const article of articles) {
        const top = Math.round(article.getBoundingClientRect().top);
        const row = byRow.get(top) ?? { badges: [], titles: [], titleHeights: [] };
        const title = article.querySelector('h2')?.getBoundingClientRect();
        row.badges.push(Math.round(article.querySelector('ul')?.getBoundingClientRect().top ?? Number.NaN));
        row.titles.push(Math.round(title?.top ?? Number.NaN));
        row.titleHeights.push(Math.round(title?.height ?? 0));
        byRow.set(top, row);
      }
      return [...byRow.values()];
    });
    unlike ||= rows.some((row) => new Set(row.titleHeights).size > 1);
    for (const row of rows) {
      expect(new Set(row.badges).size, `${width} px: badges level`).toBe(1);
      expect(new Set(row.titles).size, `${width} px: titles level`).toBe(1);
    }
  }
  // Some row holds titles of unlike length, or the test would prove nothing.
  expect(unlike).toBe(true);
});

test('an unknown article is the not-found page', { tag: '@phone' }, async ({ page }) => {
  const response = await page.goto('/blog/no-such-article');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('the footer Careers link lands on the careers section of the about page', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/blogs');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
  await expect(page).toHaveURL('/about-us#careers');
  await expect(page.getByRole('heading', { level: 2, name: 'Careers' })).toBeInViewport();
});

test('the team page and each personal page show the person as an illustrated portrait', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/team');
  const people = page.getByRole('region', { name: 'The people behind Porchlight' }).getByRole('listitem');
  await expect(people).toHaveCount(5);
  for (const person of await people.all()) {
    const slug = (await person.getByRole('link').getAttribute('href'))?.replace('/meet/', '');
    const portrait = person.locator('img');
    await portrait.scrollIntoViewIfNeeded();
    await expect(portrait).toHaveAttribute('src', `/images/team/${slug}.svg`);
    await expect
      .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // A drawing, not initials and not a photograph.
    await expect(person.getByText(/^[A-Z]{2}$/)).toHaveCount(0);
    const drawing = await (await page.request.get(`/images/team/${slug}.svg`)).text();
    expect(drawing).toMatch(/^<svg /);
    expect(drawing).not.toContain('<image');
  }
  await page.goto('/meet/priya-natarajan');
  const portrait = page.getByRole('main').locator('img[src="/images/team/priya-natarajan.svg"]');
  await expect(portrait).toBeVisible();
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test('the team page links to each person, whose page introduces them', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the Porchlight Team');
  await page.getByRole('link', { name: 'Priya Natarajan' }).click();
  await expect(page).toHaveURL('/meet/priya-natarajan');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet Priya Natarajan');
  await expect(page.getByRole('heading', { level: 2, name: 'Talk to Priya about' })).toBeVisible();
  await expect(page.getByRole('link', { name: TITLES[2] })).toBeVisible();
});

test('the first cover is in the served page and fetched first; the covers below wait', { tag: '@phone' }, async ({
  request,
}) => {
  const html = await (await request.get('/blogs')).text();
  const images = html.replace(/<noscript>.*?<\/noscript>/gs, '').match(/<img [^>]*>/g) ?? [];
  // Only the cover likely to be the largest paint comes with the page; the others load as they come near.
  expect(images).toHaveLength(1);
  expect(images[0]).toContain(`src="${NEWEST_COVER}"`);
  expect(images[0]).toMatch(/fetchpriority="high"/i);
  expect(images[0]).not.toMatch(/loading="lazy"/i);
});

test('an article is laid out part by part without any scrolling, and nothing moves on the way down', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/blog/why-top-agents-let-ai-handle-the-first-call');
  // Each part from one heading to the next is left out of the first layout, then laid out when the browser is idle.
  const parts = page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  expect(await parts.count()).toBeGreaterThanOrEqual(5);
  await untilLaidOut(page);
  const { before, after } = await sectionsBeforeAndAfterScrollingDown(page, true);
  expect(after).toEqual(before);
});
