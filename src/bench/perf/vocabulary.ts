/** Real words the synthetic profile is built from: people, projects, tools, places, topics. */
const list = (s: string): readonly string[] => s.trim().split(/\s+/);

export const FIRST_NAMES = list(`Alice Bruno Chen Dana Elena Farid Grace Hiro Ines Jonas Kavya Liam Maya Nadia Omar Priya Quentin Rosa
  Samir Tara Umar Vera Wei Ximena Yusuf Zoe Aaron Bianca Carlos Dmitri Emma Felix Greta Hassan Ivy Jamal Keiko Lena Marco Nina Oscar
  Paula Rahul Sofia Tomas Uma Victor Wanda Yara Zain Amara Boris Clara Diego Esther Fatima Gabriel Hana Igor Julia Kenji Laura Mateo`);
export const LAST_NAMES = list(`Chen Garcia Novak Okafor Schmidt Tanaka Rossi Kowalski Haddad Patel Silva Moreau Jensen Ivanova Nguyen
  Fischer Lopez Kim Andersen Costa Dubois Weber Sato Ortiz Petrov Larsen Mendes Bauer Ali Kaur Murphy Walsh Yilmaz Berg Romano Horvat`);
export const PROJECTS = list(`Orion Atlas Nebula Falcon Juniper Beacon Cobalt Horizon Lantern Meridian Quartz Sierra Tundra Vortex Zephyr
  Aurora Basalt Cascade Drift Ember Fjord Granite Harbor Iris Kestrel Lumen Mosaic Nimbus Onyx Pioneer Raven Solstice Tempest Willow`);
export const DATABASES = list(`PostgreSQL MySQL SQLite MongoDB Redis Cassandra DynamoDB CockroachDB ClickHouse Elasticsearch MariaDB Neo4j`);
export const LANGUAGES = list(`TypeScript Python Go Rust Java Kotlin Elixir Ruby Swift Scala C# PHP`);
export const FRAMEWORKS = list(`React Vue Svelte Django FastAPI Rails Spring Phoenix Express Hono Next.js Flask Gin Actix Laravel Remix`);
export const TOOLS = list(`eslint prettier vitest jest terraform ansible docker kubernetes helm webpack vite esbuild pytest ruff mypy
  sentry grafana prometheus datadog renovate dependabot sonarqube playwright cypress storybook k6 locust`);
export const CI_SYSTEMS = list(`GitHub-Actions GitLab-CI CircleCI Jenkins Buildkite Drone TeamCity`);
export const CLOUDS = list(`AWS GCP Azure Fly.io Hetzner DigitalOcean Vercel Netlify Cloudflare Render`);
export const REGIONS = list(`us-east-1 eu-west-1 eu-central-1 ap-southeast-2 us-west-2 ap-northeast-1 sa-east-1`);
export const EDITORS = list(`Neovim VSCode Emacs IntelliJ Zed Sublime Helix Cursor`);
export const THEMES = list(`dark light solarized gruvbox dracula nord monokai`);
export const PACKAGE_MANAGERS = list(`npm pnpm yarn bun poetry uv cargo`);
export const CITIES = list(`Berlin Lisbon Tokyo Nairobi Toronto Austin Dublin Warsaw Seoul Madrid Oslo Bangalore Melbourne Lagos Prague
  Montreal Zurich Helsinki Amsterdam Singapore Denver Chicago Istanbul Kyoto Vienna Copenhagen Stockholm Barcelona Mumbai Boston`);
export const ROLES = list(`engineer designer manager analyst architect researcher recruiter writer tester consultant`);
export const TEAMS = list(`platform payments search growth mobile infrastructure data security billing onboarding`);
export const FOODS = list(`sushi ramen tacos pizza curry falafel pho paella dumplings lasagna bibimbap shakshuka`);
export const HOBBIES = list(`climbing chess cycling pottery photography sailing running gardening woodworking surfing painting`);
export const WEEKDAYS = list(`Monday Tuesday Wednesday Thursday Friday`);
export const FORMATS = list(`PDF Markdown spreadsheet slide-deck plain-text`);
export const BRANCHES = list(`main master release develop production`);
export const TOPICS = list(`caching pricing hiring onboarding observability accessibility localization migration security roadmap
  latency billing search ranking retention privacy compliance analytics testing refactoring documentation`);
export const CAUSES = list(`an-expired-certificate a-full-disk a-bad-deploy a-DNS-misconfiguration a-memory-leak a-database-lock
  a-rate-limit a-network-partition a-missing-index a-config-typo`);
export const ENVIRONMENTS = list(`production staging canary preview`);
export const CONFERENCES = list(`NodeConf KubeCon PyCon JSConf RustConf GopherCon QCon StrangeLoop DevOpsDays`);
export const TESTS = list(`login checkout signup export upload search payment webhook migration sync`);
export const ORGS = list(`Acme Northwind Globex Initech Umbrella Stark Wayne Tyrell Cyberdyne Hooli Vandelay Soylent Wonka Aperture
  Massive Dynamic Oscorp Gringotts Pied Piper Monarch Contoso Fabrikam Tailspin Litware Adatum`);
