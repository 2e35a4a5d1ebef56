import { Text } from '@mantine/core';
import classes from './demo-video.module.css';

/** Props of {@link DemoVideo}. */
export type DemoVideoProps = {
  /** The video file. */
  src: string;
  /** The still shown before playback. */
  poster: string;
  /** WebVTT captions of each step. */
  captions: string;
};

/**
 * The demo recorded from the real product. preload="none" keeps the landing page light: nothing
 * is fetched until the visitor presses play.
 */
export function DemoVideo({ src, poster, captions }: DemoVideoProps) {
  return (
    <figure className={classes.figure}>
      <video
        className={classes.video}
        controls
        preload="none"
        width={1280}
        height={720}
        src={src}
        poster={poster}
      >
        <track kind="captions" src={captions} srcLang="en" label="English" default />
        Your browser cannot play this video. <a href={src}>Download the Waymark demo</a> instead.
      </video>
      <Text component="figcaption" c="gray.8" mt="sm">
        A 30-second tour in the side panel: create a project for a site, add its staging
        environment, record a bug on the checkout page with every field, see it on staging, close
        it, and rename the path — the bug moves with it.
      </Text>
    </figure>
  );
}
