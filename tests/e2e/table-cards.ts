import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// What a table shown as a card a row on a phone looks like, and the same table on the desktop
// (docs/content.md#tables): the compiled articles' tables and the operator pages' wide ones alike.

/** The label drawn before a cell's text: `none`, or `"Label: " / ""` (drawn, left out of what is read). */
const labelOf = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element, '::before').content);

/**
 * On a phone: every one of `cells` on the screen, and nothing scrolled sideways, neither the table, its box nor the
 * page; `cell` shows its column's header before its text, which screen readers do not hear (they name the column
 * themselves), and sits below `above`, not beside it.
 */
export async function expectCards(
  page: Page,
  table: Locator,
  cells: Locator,
  { cell, label, text, above }: { cell: Locator; label: string; text: string; above: Locator },
) {
  const width = await page.evaluate(() => window.innerWidth);
  for (const each of await cells.all()) {
    const box = await each.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, await each.innerText()).toBe(true);
  }
  const sideways = await table.evaluate((element) =>
    [element, element.parentElement].map((box) => (box ? box.scrollWidth - box.clientWidth : 0)),
  );
  expect(sideways).toEqual([0, 0]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await labelOf(cell)).toBe(`"${label}: " / ""`);
  await expect(cell).toHaveAccessibleName(text);
  expect((await cell.boundingBox())?.y).toBeGreaterThan(((await above.boundingBox())?.y ?? 0) + 1);
}

/** On the desktop: the column headers `headers` in one row, and `cell` beside `beside`, with no label of its own. */
export async function expectTable(
  table: Locator,
  headers: string[],
  { cell, beside }: { cell: Locator; beside: Locator },
) {
  const columnHeaders = table.getByRole('columnheader');
  await expect(columnHeaders).toHaveText(headers);
  const boxes = await columnHeaders.evaluateAll((all) => all.map((header) => header.getBoundingClientRect().toJSON()));
  expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
  expect(await labelOf(cell)).toBe('none');
  expect((await cell.boundingBox())?.y).toBe((await beside.boundingBox())?.y);
}
