import { CALLING_HOURS_END, CALLING_HOURS_START } from '#shared/business-hours.ts';
import { LOW_END_MAX_CORES, MOBILE_BREAKPOINT_PX } from '#shared/ui-timing.ts';

// Runs inline in <head> before first paint: the remembered theme (no flash), device-hint classes, whether
// the splash was already shown in this browser session, and whether a demo call asked for now would come at
// once (the visitor's own clock; `callTimingAt` in shared/business-hours.ts), so the hero's note is right from
// the first paint, with nothing shifting after (docs/decisions/0007-hero-calling-hours.md).
export const THEME_STORAGE_KEY = 'theme';
export const SPLASH_SESSION_KEY = 'splash_shown';

export const bootScript = `(function(){var d=document.documentElement,c=[];
try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t==='light'||t==='dark')d.dataset.theme=t}catch(e){}
try{if(sessionStorage.getItem('${SPLASH_SESSION_KEY}'))c.push('splash-seen');else sessionStorage.setItem('${SPLASH_SESSION_KEY}','1')}catch(e){}
var m=function(q){return window.matchMedia(q).matches};
if((navigator.hardwareConcurrency||8)<=${LOW_END_MAX_CORES})c.push('low-end');
if(m('(prefers-reduced-motion: reduce)'))c.push('reduced-motion');
if(m('(pointer: coarse)')||'ontouchstart' in window)c.push('touch');
if(/iP(hone|ad|od)/.test(navigator.userAgent)||(navigator.platform==='MacIntel'&&navigator.maxTouchPoints>1))c.push('ios');
if(m('(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)'))c.push('mobile');
var h=new Date().getHours();if(h<${CALLING_HOURS_START})d.dataset.calls='later-today';else if(h>=${CALLING_HOURS_END})d.dataset.calls='tomorrow';
c.push('js');d.className=c.join(' ')})()`;
