import type { Metadata } from "next";
import { connection } from "next/server";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: "Tabula — models and answers from your tables",
  description: "Self-hostable AutoML and chat exploration over tabular data.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Rendered per request: the Content-Security-Policy nonce (proxy.ts) differs every time.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
