import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HERO_FALLBACK_IMAGE, HERO_VIDEO_URL, SITE_TAGLINE } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';

/**
 * storefront.md §1/§2: full-screen looping muted video hero with Explore Fashion Now; when the
 * video cannot autoplay (blocked, data saver, missing file) the fallback background image shows.
 */
export function Hero() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [videoFailed, setVideoFailed] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduceMotion) {
      video.pause();
      queueMicrotask(() => setVideoFailed(true));
      return;
    }
    video.play()?.catch(() => setVideoFailed(true));
  }, []);

  return (
    <section
      aria-label="Welcome"
      className="relative isolate flex h-[calc(100svh-4rem)] max-h-[52rem] min-h-[28rem] items-center justify-center overflow-hidden bg-ink text-white md:h-[calc(100svh-5rem)]"
      style={{
        backgroundImage: `url("${HERO_FALLBACK_IMAGE}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      {!videoFailed && (
        <video
          ref={videoRef}
          className="absolute inset-0 -z-10 h-full w-full object-cover"
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          poster={HERO_FALLBACK_IMAGE}
          aria-hidden
          data-testid="hero-video"
          onError={() => setVideoFailed(true)}
        >
          <source src={HERO_VIDEO_URL} type="video/mp4" onError={() => setVideoFailed(true)} />
        </video>
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-black/30 via-black/20 to-black/60" />
      <div className="px-6 text-center">
        <p className="text-xs font-semibold tracking-[0.35em] text-gold uppercase">{SITE_TAGLINE}</p>
        <h1 className="mt-4 font-display text-4xl leading-tight sm:text-5xl md:text-6xl">
          Shop the looks
          <br className="hidden sm:block" /> you see on screen
        </h1>
        <Link
          to={paths.fashion()}
          className="mt-8 inline-flex h-12 items-center rounded-full bg-white px-8 text-sm font-semibold tracking-[0.15em] text-ink uppercase shadow-lg transition hover:bg-gold hover:text-white"
        >
          Explore Fashion Now
        </Link>
      </div>
    </section>
  );
}
