// The words of the blog list, shared by the /blogs page and its feed (client/discovery.ts).
export const blogIndex = {
  title: 'Blog',
  heading: 'Real-Estate Lead Conversion Insights',
  lead: 'Field-tested articles on speed to lead, qualification, call scripts and nurture, drawn from more than 30,000 calls.',
  description:
    'Articles on converting real-estate leads with voice AI: speed to lead, qualification, call timing, scripts and 90-day nurture.',
};
