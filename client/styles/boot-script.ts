import { CALLING_HOURS_END, CALLING_HOURS_START } from '#shared/business-hours.ts';
import { LOW_END_MAX_CORES, MOBILE_BREAKPOINT_PX } from '#shared/ui-timing.ts';

// Runs inline in <head> before first paint: device-hint classes, whether the splash is due, and whether a demo call
// asked for now would come at once (the visitor's own clock; `callTimingAt` in shared/business-hours.ts), so the
// hero's note is right from the first paint, with nothing shifting after (docs/decisions/0007-hero-calling-hours.md).
// It reads no storage: a page's first read of it waits on the browser's own process, most of this script's time on a
// phone. The remembered theme comes set from the server (shared/theme-cookie.ts), and the splash shows when the
// visitor arrives at the site: not on a reload, a step back or forward, a page reached from another of ours (the
// referrer, or this tab's history), or a page prerendered from one of ours (docs/decisions/0027-theme-in-a-cookie.md).
// Browsers without the Navigation API also keep a mark in session storage.
export const SPLASH_SESSION_KEY = 'splash_shown';

export const bootScript = `(function(){var d=document.documentElement,c=[];
try{var n=window.navigation,p=performance.getEntriesByType('navigation')[0],k=p&&p.type;
if(document.prerendering||k==='reload'||k==='back_forward'||document.referrer.indexOf(location.origin+'/')===0||(n&&n.currentEntry&&n.currentEntry.index>0))c.push('splash-seen');
else if(!n){if(sessionStorage.getItem('${SPLASH_SESSION_KEY}'))c.push('splash-seen');else sessionStorage.setItem('${SPLASH_SESSION_KEY}','1')}}catch(e){}
var m=function(q){return window.matchMedia(q).matches};
if((navigator.hardwareConcurrency||8)<=${LOW_END_MAX_CORES})c.push('low-end');
if(m('(prefers-reduced-motion: reduce)'))c.push('reduced-motion');
if(m('(pointer: coarse)')||'ontouchstart' in window)c.push('touch');
if(/iP(hone|ad|od)/.test(navigator.userAgent)||(navigator.platform==='MacIntel'&&navigator.maxTouchPoints>1))c.push('ios');
if(m('(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)'))c.push('mobile');
var h=new Date().getHours();if(h<${CALLING_HOURS_START})d.dataset.calls='later-today';else if(h>=${CALLING_HOURS_END})d.dataset.calls='tomorrow';
c.push('js');d.className=c.join(' ')})()`;
