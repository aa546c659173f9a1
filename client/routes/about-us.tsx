import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function Component() {
  return (
    <Page
      title="About Porchlight"
      lead="We build the voice-AI inside sales assistant for real-estate agents and teams: it answers every new lead within seconds, day or night, so agents can spend their time with clients."
    >
      <Seo
        title="About Us"
        description="Porchlight is a San Antonio company building voice-AI inside sales assistants for real-estate agents, teams and brokerages."
        path="/about-us"
      />
      <section id="careers" aria-labelledby="careers-title">
        <h2 id="careers-title">Careers</h2>
        <p>
          We hire people who have worked a lead list themselves. Write to us at hello@porchlight.ai with what you would
          improve first.
        </p>
      </section>
    </Page>
  );
}
