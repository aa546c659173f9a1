import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';
import { holdCallPushes, isFields, isFinalLine, isLine, isState, scriptedLines, scriptedSummary } from './call-room.ts';
import { axeFindings, expect, lineOf, pauseClock, test, untilHydrated } from './fixtures.ts';
import { measureLayout } from './layout-check.ts';
import { passwordFor, signInApi } from './operator-support.ts';

// The live call in the demo dialog, with the local call driver playing content/demo-call-script.json. The server's
// clock starts at noon in Texas (tests/support/e2e-server.ts), so a 210 number is inside calling hours whatever
// today is. Each test holds the room's pushes and delivers them step by step (call-room.ts).

/** A number of this test's own per project and repetition: 210 864-XXXX, called once. */
function numberFor(testInfo: TestInfo, slot: number): string {
  return `210864${lineOf(testInfo, slot)}`;
}

/** Opens the dialog from the header and asks for a call; resolves once it is preparing. */
async function askForCall(page: Page, { phone, name }: { phone: string; name: string }) {
  await page.getByRole('banner').getByRole('button', { name: 'Try the AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Have the AI call me' });
  // The phone field takes focus 100 ms after opening; typing elsewhere before then would race it.
  await expect(dialog.getByLabel('Phone number')).toBeFocused();
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email address').fill(`${name.split(' ')[0]?.toLowerCase()}@example.com`);
  await dialog.getByRole('checkbox', { name: /I agree that Porchlight may call and text me/ }).check();
  await dialog.getByRole('button', { name: 'Call Me Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Preparing Call...' })).toBeVisible();
}

/** The consent receipt's link, which the dialog shows from the form's answer to the call's end. */
const receiptLink = (dialog: Locator) =>
  dialog.getByRole('link', { name: 'see what you agreed to, or stop us contacting you' });

/** The transcript's lines as read out: final lines only, in order. */
const spokenLines = (dialog: Locator) => dialog.getByRole('log', { name: 'Transcript' }).getByRole('paragraph');

/** A qualification field's value in the live view. */
function field(dialog: Locator, label: string): Locator {
  return dialog
    .getByRole('region', { name: 'What the assistant has learned' })
    .locator('div')
    .filter({ has: dialog.page().getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');
}

test('the call live: lines in order as spoken, partials replaced, fields filling in, then the summary', async ({
  page,
  isMobile,
}, testInfo) => {
  // Two axe audits and three layouts on top of a whole call.
  test.slow();
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const room = await holdCallPushes(page);
  await page.clock.install();
  await page.goto('/');
  await askForCall(page, { phone: numberFor(testInfo, 1), name: 'Jane Doe' });

  await room.deliverThrough(isState('ringing'));
  const ringing = page.getByRole('dialog', { name: 'Incoming Call!' });
  await expect(ringing).toBeVisible();
  // Choosing to watch keeps the dialog open past the 7 s it closes after by itself.
  await pauseClock(page);
  await ringing.getByRole('button', { name: 'Watch the call live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Live call' });
  await expect(dialog.getByText('Ringing your phone', { exact: true })).toBeVisible();
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.clock.runFor(10_000);
  await expect(dialog).toBeVisible();
  await page.clock.resume();

  await room.deliverThrough(isState('in-progress'));
  await expect(dialog.getByText('On the call', { exact: true })).toBeVisible();
  // With reduced motion nothing in the dialog moves, not even the live dot.
  const moving = () =>
    dialog.evaluate(
      (element) => element.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length,
    );
  expect(await moving()).toBeGreaterThan(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(moving).toBe(0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const transcript = dialog.getByRole('log', { name: 'Transcript' });

  // The assistant's first words as they are heard: drawn, but not read out to a screen reader.
  const partial = await room.deliverThrough(isLine);
  expect(partial.kind).toBe('partial');
  await expect(transcript.getByText(`${partial.text}…`)).toBeVisible();
  expect(await transcript.ariaSnapshot()).not.toContain(String(partial.text));
  await expect(spokenLines(dialog)).toHaveCount(0);

  // Its final line replaces it, and is what a screen reader hears.
  const final = await room.deliverThrough(isFinalLine);
  expect(final.utteranceId).toBe(partial.utteranceId);
  const lines = scriptedLines('Jane');
  await expect(spokenLines(dialog)).toHaveText([lines[0] ?? '']);
  await expect(transcript.getByText('…')).toHaveCount(0);

  // Fields fill in as they are heard.
  await expect(field(dialog, 'Timeline')).toHaveText('Listening…');
  const heard = await room.deliverThrough(isFields);
  await expect(field(dialog, 'Timeline')).toHaveText(String((heard.fields as Record<string, string>).timeline));
  await expect(field(dialog, 'Area')).toHaveText('Listening…');

  // The rest of the call, then its summary.
  room.deliverAll();
  const summary = dialog.getByRole('region', { name: 'Call summary' });
  await expect(summary).toContainText(scriptedSummary().nextStep, { timeout: 45_000 });
  await expect(summary).toContainText(scriptedSummary().learned);
  await expect(summary).toContainText(/Duration\s*\d+ (min|s)/);
  await expect(dialog.getByText('Call ended', { exact: true })).toBeVisible();
  await expect(spokenLines(dialog)).toHaveText(lines);
  await expect(field(dialog, 'Showing')).toHaveText('Booked: Saturday at 11 AM');
  await expect(field(dialog, 'Budget')).toHaveText('Up to $450,000');

  // Nothing cut off or scrolling sideways, in both themes; on phones from 320 to 414 px.
  for (const width of isMobile ? [320, 390, 414] : [1280]) {
    if (isMobile) await page.setViewportSize({ width, height: width === 320 ? 568 : 844 });
    const problems = await measureLayout(page, { phone: isMobile });
    for (const theme of ['light', 'dark'] as const) {
      const { sidewaysScroll, ...found } = problems[theme];
      expect(sidewaysScroll, `${width} px, ${theme}`).toBe(0);
      expect(
        Object.entries(found).filter(([, list]) => list.length > 0),
        `${width} px, ${theme}`,
      ).toEqual([]);
    }
  }
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeFindings(page, { include: 'dialog' })).toEqual([]);
  }

  // Closed, it stays closed: a reload opens nothing.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a reload during the call opens the live view again with the transcript so far @phone', async ({
  page,
}, testInfo) => {
  const room = await holdCallPushes(page);
  await page.goto('/');
  await askForCall(page, { phone: numberFor(testInfo, 2), name: 'Ann Lee' });
  await room.deliverThrough(isState('ringing'));
  await page
    .getByRole('dialog', { name: 'Incoming Call!' })
    .getByRole('button', { name: 'Watch the call live' })
    .click();
  await room.deliverThrough((push) => isFinalLine(push) && push.payload.role === 'caller');
  const lines = scriptedLines('Ann');
  const dialog = page.getByRole('dialog', { name: 'Live call' });
  await expect(spokenLines(dialog)).toHaveText(lines.slice(0, 2));
  const receipt = await receiptLink(dialog).getAttribute('href');
  expect(receipt).toMatch(/\/consent\/[\w-]{43}$/);

  // Pushes are still held: what the page shows now comes from the join's answer alone.
  await page.reload();
  const again = page.getByRole('dialog', { name: 'Live call' });
  await expect(again).toBeVisible();
  await expect(receiptLink(again)).toHaveAttribute('href', receipt ?? '');
  await expect(spokenLines(again).nth(1)).toHaveText(lines[1] ?? '');
  await expect(spokenLines(again).first()).toHaveText(lines[0] ?? '');

  // The rest arrives after it, each line once.
  room.deliverAll();
  await expect(again.getByRole('region', { name: 'Call summary' })).toContainText(scriptedSummary().nextStep, {
    timeout: 45_000,
  });
  await expect(spokenLines(again)).toHaveText(lines);
});

test('a reload while the phone rings offers the live view again @phone', async ({ page }, testInfo) => {
  const room = await holdCallPushes(page);
  await page.goto('/');
  await askForCall(page, { phone: numberFor(testInfo, 3), name: 'Bo Chen' });
  await room.deliverThrough(isState('ringing'));
  const ringing = page.getByRole('dialog', { name: 'Incoming Call!' });
  const receipt = await receiptLink(ringing).getAttribute('href');
  await page.reload();
  const offered = page.getByRole('dialog', { name: 'Incoming Call!' });
  await expect(receiptLink(offered)).toHaveAttribute('href', receipt ?? '');
  await offered.getByRole('button', { name: 'Watch the call live' }).click();
  const live = page.getByRole('dialog', { name: 'Live call' });
  await expect(live.getByRole('log', { name: 'Transcript' })).toBeVisible();
  await expect(receiptLink(live)).toHaveAttribute('href', receipt ?? '');
});

test('a lost connection is said, the dot stops, and the call catches up once it is back @phone', async ({
  page,
}, testInfo) => {
  const room = await holdCallPushes(page);
  await page.goto('/');
  await askForCall(page, { phone: numberFor(testInfo, 7), name: 'Cy Park' });
  await room.deliverThrough(isState('ringing'));
  await page
    .getByRole('dialog', { name: 'Incoming Call!' })
    .getByRole('button', { name: 'Watch the call live' })
    .click();
  await room.deliverThrough(isFinalLine);
  const dialog = page.getByRole('dialog', { name: 'Live call' });
  const lines = scriptedLines('Cy');
  await expect(spokenLines(dialog)).toHaveText(lines.slice(0, 1));
  // The dot beside the call's state blinks while the call is heard as it happens.
  const state = dialog.getByText('On the call', { exact: true });
  const blink = () => state.evaluate((line) => getComputedStyle(line, '::before').animationName);
  expect(await blink()).toBe('live-dot');

  await room.cut();
  const notice = 'Connection lost, reconnecting… Your call goes on, and what you miss shows once we are back.';
  await expect(dialog.getByRole('status')).toHaveText(notice);
  await expect(dialog.getByText(notice)).toHaveCount(2);
  await expect(dialog.getByText(notice).last()).toBeVisible();
  expect(await blink()).toBe('none');
  // Several reconnects fail meanwhile (1 s, then 2 s apart): the notice stays.
  await page.waitForTimeout(3500);
  await expect(dialog.getByRole('status')).toHaveText(notice);

  room.restore();
  room.deliverAll();
  await expect(dialog.getByText(notice)).toHaveCount(0, { timeout: 30_000 });
  await expect(dialog.getByRole('region', { name: 'Call summary' })).toContainText(scriptedSummary().nextStep, {
    timeout: 45_000,
  });
  await expect(spokenLines(dialog)).toHaveText(lines);
});

/** A visitor of their own: a new browser context, with nothing of this page's storage or cookies. */
async function anotherVisitor(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const open = async (path: string) => {
    await page.goto(path);
    await untilHydrated(page);
  };
  return { page, errors, open, close: () => context.close() };
}

test('another visitor sees nothing of the call, and watching their own call sees only theirs @desktop', async ({
  page,
  browser,
}, testInfo) => {
  const other = await anotherVisitor(browser, testInfo);
  const onlooker = await anotherVisitor(browser, testInfo);
  try {
    const mine = await holdCallPushes(page);
    const theirs = await holdCallPushes(other.page);
    await page.goto('/');
    await other.open('/');
    await askForCall(page, { phone: numberFor(testInfo, 4), name: 'Jane Doe' });
    await askForCall(other.page, { phone: numberFor(testInfo, 5), name: 'Maria Lopez' });
    for (const [visitor, room] of [
      [page, mine],
      [other.page, theirs],
    ] as const) {
      await room.deliverThrough(isState('ringing'));
      await visitor
        .getByRole('dialog', { name: 'Incoming Call!' })
        .getByRole('button', { name: 'Watch the call live' })
        .click();
      room.deliverAll();
    }
    // A visitor who asked for nothing: no dialog, no call.
    await onlooker.open('/');

    const myDialog = page.getByRole('dialog', { name: 'Live call' });
    const theirDialog = other.page.getByRole('dialog', { name: 'Live call' });
    for (const dialog of [myDialog, theirDialog]) {
      await expect(dialog.getByRole('region', { name: 'Call summary' })).toContainText(scriptedSummary().nextStep, {
        timeout: 45_000,
      });
    }
    await expect(spokenLines(myDialog)).toHaveText(scriptedLines('Jane'));
    await expect(spokenLines(theirDialog)).toHaveText(scriptedLines('Maria'));
    await expect(onlooker.page.getByRole('dialog')).toHaveCount(0);
    await expect(onlooker.page.getByText('Live call')).toHaveCount(0);
    expect(other.errors).toEqual([]);
    expect(onlooker.errors).toEqual([]);
  } finally {
    await other.close();
    await onlooker.close();
  }
});

/**
 * A demo call asked for through the API, which the local driver plays to its end; resolves with its lead's id once the
 * call has been summed up, `request` signed in as the operator.
 */
async function calledAndSummedUp(request: APIRequestContext, lead: { phone: string; fullName: string; email: string }) {
  const asked = await request.post('/api/demo-calls', { data: { ...lead, consent: true } });
  expect(asked.status(), await asked.text()).toBe(201);
  await signInApi(request, 'operator');
  const found = await (await request.get(`/api/leads?${new URLSearchParams({ q: lead.email })}`)).json();
  const leadId: string = found.leads[0].id;
  await expect
    .poll(async () => (await (await request.get(`/api/leads/${leadId}/call`)).json()).call?.summary ?? null, {
      timeout: 45_000,
    })
    .not.toBeNull();
  return leadId;
}

test('the operator reads the call in the lead inbox: state, outcome, duration, summary and transcript @desktop', async ({
  page,
  request,
}, testInfo) => {
  const email = `live.call.${testInfo.project.name}${testInfo.repeatEachIndex}@example.com`;
  const leadId = await calledAndSummedUp(request, { phone: numberFor(testInfo, 6), fullName: 'Olga Inbox', email });

  await page.goto('/leads');
  await page.getByLabel('Operator password').fill(passwordFor('operator'));
  await page.keyboard.press('Enter');
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.keyboard.press('Enter');
  const card = page.getByRole('article', { name: 'Olga Inbox' });
  await expect(card.getByText(/^Immediate: ended: completed, \d+ (min|s)/)).toBeVisible();

  // Its words are not in the list: they load when the operator opens the call.
  const lines = scriptedLines('Olga', { caller: 'Caller' });
  await expect(page.getByText(lines[1] ?? '')).toHaveCount(0);
  const loaded = page.waitForResponse(`/api/leads/${leadId}/call`);
  await card.getByText('Call and transcript').click();
  expect((await loaded).ok()).toBe(true);
  await expect(card.getByRole('list', { name: 'Transcript' }).getByRole('listitem')).toHaveText(lines);
  await expect(card.getByText(scriptedSummary().nextStep)).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: 'Booked: Saturday at 11 AM' })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeFindings(page, { include: 'article' })).toEqual([]);
  }
});

test('a call the operator opened while it ran loads again once its card shows it has moved on @desktop', async ({
  page,
  request,
}, testInfo) => {
  const email = `moved.on.${testInfo.project.name}${testInfo.repeatEachIndex}@example.com`;
  const leadId = await calledAndSummedUp(request, { phone: numberFor(testInfo, 8), fullName: 'Milo Moved', email });

  // The page first sees the call as it was half-way through, card and details alike: the operator opened it then.
  const earlier = (call: Record<string, unknown>) => ({
    ...call,
    state: 'in-progress',
    outcome: null,
    durationSeconds: null,
    endedReason: null,
    updatedAt: new Date(Date.parse(String(call.updatedAt)) - 60_000).toISOString(),
  });
  await page.route(
    (url) => url.pathname === '/api/leads' && url.searchParams.get('q') === email,
    async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      answer.leads[0].call = earlier(answer.leads[0].call);
      await route.fulfill({ response, json: answer });
    },
    { times: 1 },
  );
  await page.route(
    `/api/leads/${leadId}/call`,
    async (route) => {
      const response = await route.fetch();
      const { call } = await response.json();
      await route.fulfill({
        response,
        json: { call: { ...earlier(call), summary: null, transcript: call.transcript.slice(0, 1) } },
      });
    },
    { times: 1 },
  );
  await signInApi(page.request, 'operator');
  await page.goto(`/leads?${new URLSearchParams({ q: email })}`);
  const card = page.getByRole('article', { name: 'Milo Moved' });
  await expect(card.getByText(/^Immediate: in progress/)).toBeVisible();
  await card.getByText('Call and transcript').click();
  await expect(card.getByText('Call in progress', { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Transcript' }).getByRole('listitem')).toHaveCount(1);

  // The inbox loads again, as it does when a call moves on: the card says the call ended, and so does its call.
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(card.getByText(/^Immediate: ended: completed/)).toBeVisible();
  await expect(card.getByText(/^Call ended: completed/)).toBeVisible();
  await expect(card.getByRole('list', { name: 'Transcript' }).getByRole('listitem')).toHaveText(
    scriptedLines('Milo', { caller: 'Caller' }),
  );
  await expect(card.getByText(scriptedSummary().nextStep)).toBeVisible();
});
