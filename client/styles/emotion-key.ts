// Emotion only moves server-rendered <style> tags out of React's way for the 'css' key.
export const EMOTION_KEY = 'css';
