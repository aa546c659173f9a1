import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '#client/components/modal.tsx';
import { usePublicConfig } from '#client/public-config.tsx';
import { MOBILE_BREAKPOINT_PX } from '#shared/ui-timing.ts';

const frame = css`
  width: min(56rem, calc(100% - 2rem));
  .player {
    display: block;
    width: 100%;
    aspect-ratio: 16 / 9;
    border: 0;
    border-radius: var(--radius);
    background: var(--color-ink);
  }
`;

/**
 * The demo video: desktops get the privacy-enhanced YouTube embed (autoplay) when an id is configured; phones get the
 * file muted, looped, with controls, playing on open and paused on close.
 */
export function VideoDialog({ onClose }: { onClose(): void }) {
  const { promoVideo } = usePublicConfig();
  const video = useRef<HTMLVideoElement>(null);
  const [mobile] = useState(() => window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`).matches);
  const useEmbed = !mobile && promoVideo.youtubeId !== undefined;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.play().catch((error: unknown) => console.warn('Video playback failed', error));
    return () => element.pause();
  }, []);

  return (
    <Modal open title="See Porchlight in action" onClose={onClose} styles={frame} closeLabel="Close video">
      {useEmbed ? (
        <iframe
          className="player"
          src={`https://www.youtube-nocookie.com/embed/${promoVideo.youtubeId}?autoplay=1&rel=0`}
          title="Porchlight product video"
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <video
          ref={video}
          className="player"
          src={promoVideo.url}
          poster={promoVideo.posterUrl}
          muted
          loop
          controls
          playsInline
          preload="metadata"
        >
          <track kind="captions" src="/media/promo.vtt" srcLang="en" label="English" default />
        </video>
      )}
    </Modal>
  );
}
