// The page's code is requested once the first frame is painted, not from <head>. A browser paints the server's HTML
// without waiting for module scripts either way, but the code then downloads while the page parses and lays out,
// on the same slow connection, and Lighthouse counts every script requested before the first paint as holding
// it back (FCP and LCP about 2 s on a simulated slow phone, against about 1 s this way; its estimate of when the
// page becomes interactive is the same or earlier). docs/decisions/0013-scripts-after-first-paint.md has the figures.

/**
 * The inline script that loads `modules` (the entry) once the page has painted, with `preloads` (the entry's
 * chunks and the page's) as modulepreload links so that they download together rather than one import after
 * another. The browser's paint entry says when; without paint timing, a task queued from the first frame's
 * callback, which runs after that frame is painted. A page that is not shown (a tab opened in the background, a
 * prerender) paints nothing and loads at once, as does one hidden before it paints. A failed load leaves the
 * server's page as it is, with a warning (docs/product-rules.md#quiet-failures).
 *
 * Each link is added in a task of its own: while the page boots, adding a dozen at once was one task of 26 to
 * 40 ms, mostly starting the links' requests. One per task, they are all asked for within a few milliseconds and
 * no task is long (docs/decisions/0025-fewer-frames-while-a-page-boots.md). The next task is a message the script
 * posts to itself, not a timer: a hidden page (a prerender, a tab opened in the background) has its timers slowed
 * to about one a second, which would spread the links over seconds.
 */
export function appLoaderScript(preloads: readonly string[], modules: readonly string[]): string {
  const json = (value: readonly string[]) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `(function(p,m){var done=0,i=0,c=new MessageChannel();function preload(){var h=p[i++];if(!h)return;` +
    `var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l);` +
    `c.port2.postMessage(0)}c.port1.onmessage=preload;function load(){if(done)return;done=1;` +
    `m.forEach(function(s){import(s).catch(function(e){console.warn('The page could not load its code',e)})});` +
    `preload()}` +
    `if(document.hidden)return load();document.addEventListener('visibilitychange',load);` +
    `var O=typeof PerformanceObserver=='function'?PerformanceObserver:null;` +
    `if(O&&(O.supportedEntryTypes||[]).indexOf('paint')>=0)new O(load).observe({type:'paint',buffered:true});` +
    `else requestAnimationFrame(function(){setTimeout(load)})})(${json(preloads)},${json(modules)})`
  );
}
