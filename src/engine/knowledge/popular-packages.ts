/**
 * Look-alikes of the most installed PyPI and npm packages (R14/R15 typosquats: `pip install
 * reqeusts colourama python-dateutils`): a name one edit (an insertion, a deletion, a change or two
 * neighbours swapped) from a popular one, and not itself among the popular ones, is read as the
 * squatter's package, whose setup.py or install script runs at install. Names under five letters
 * are left out (too many real neighbours), and so are real packages one edit from a popular one
 * (boto/boto3, pyaml/pyyaml, scapy/scipy, preact/react), which the lists hold as popular too.
 */

const PYPI = `requests urllib3 certifi idna charset-normalizer chardet setuptools wheel packaging
six python-dateutil pytz tzdata numpy pandas scipy matplotlib seaborn plotly bokeh scikit-learn
scikit-image statsmodels sympy networkx numba dask joblib cloudpickle pyarrow boto3 botocore
s3transfer awscli boto google-cloud-storage google-auth google-api-core protobuf grpcio pyyaml pyaml
toml tomli tomlkit simplejson ujson orjson msgpack colorama termcolor python-dotenv click rich typer
tqdm loguru structlog jinja2 markupsafe werkzeug itsdangerous flask flask-cors flask-sqlalchemy
django djangorestframework fastapi starlette uvicorn gunicorn pydantic marshmallow attrs httpx
httpcore anyio sniffio aiohttp websockets websocket-client httplib2 beautifulsoup4 lxml html5lib
scrapy selenium playwright pillow opencv-python imageio xgboost lightgbm catboost tensorflow keras
torch torchvision torchaudio torchx transformers tokenizers datasets huggingface-hub safetensors
accelerate openai openapi anthropic langchain tiktoken pymongo redis psycopg2 psycopg2-binary psycopg
pymysql pymssql mysqlclient asyncpg aiomysql sqlalchemy alembic peewee paramiko fabric invoke
ansible pytest pytest-cov pytest-mock coverage tox nox black flake8 pylint mypy isort ruff
pre-commit autopep8 yapf bandit sphinx mkdocs sentry-sdk prometheus-client pyjwt cryptography
bcrypt passlib pyopenssl requests-oauthlib oauthlib docker kubernetes pyserial psutil watchdog
schedule apscheduler celery kombu gevent greenlet eventlet uwsgi jsonschema pyparsing filelock
platformdirs virtualenv arrow pendulum babel faker factory-boy hypothesis regex decorator
wrapt cffi pycparser pyasn1 rsa cachetools typing-extensions importlib-metadata zipp more-itertools
docutils pygments tabulate openpyxl xlrd xlsxwriter python-multipart email-validator gspread
twilio stripe slack-sdk discord pika confluent-kafka elasticsearch opensearch-py scapy pyzmq
python-jose pyotp qrcode ldap3 pysftp pyodbc cx-oracle oracledb snowflake-connector-python`;

const NPM = `react react-dom preact lodash express axios chalk commander debug moment request async uuid
webpack typescript eslint prettier jest mocha chai next dotenv yargs glob minimist semver
body-parser cors jsonwebtoken bcrypt bcryptjs mongoose mongodb mysql mysql2 redis ioredis socket.io
socket.io-client node-fetch cross-env rimraf mkdirp fs-extra underscore bluebird core-js rxjs tslib
nodemon colors color inquirer classnames prop-types styled-components tailwindcss postcss
autoprefixer vite rollup esbuild dayjs date-fns ramda immer redux react-redux react-router
react-router-dom graphql knex sequelize prisma typeorm passport helmet morgan winston nanoid
cheerio puppeteer playwright electron handlebars marked highlight.js validator formidable multer
sharp nodemailer twilio stripe aws-sdk firebase discord.js cross-spawn execa shelljs chokidar got
superagent node-sass gulp grunt karma jquery bootstrap three chart.js ua-parser-js event-stream
electron-builder webpack-cli babel-loader ts-node tsx vitest cypress zod`;

const set = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter((x) => x !== ''));
const POPULAR: Readonly<Record<'pypi' | 'npm', ReadonlySet<string>>> = { pypi: set(PYPI), npm: set(NPM) };

/** PyPI compares names case-blind with `_` and `.` as `-` (PEP 503). */
const normal = (name: string, eco: 'pypi' | 'npm'): string =>
  eco === 'pypi' ? name.toLowerCase().replace(/[_.]+/g, '-') : name.toLowerCase();

/** Whether a and b are at most one edit apart (optimal string alignment, linear for one edit). */
function oneEdit(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return a === b;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // One change, or two neighbours swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

/** The popular package `name` imitates, or undefined (`reqeusts` -> `requests`). */
export function lookalikeOf(name: string, eco: 'pypi' | 'npm'): string | undefined {
  const n = normal(name, eco);
  const popular = POPULAR[eco];
  if (n.length < 5 || n.length > 64 || popular.has(n)) return undefined;
  for (const p of popular) if (p.length >= 5 && oneEdit(n, p)) return p;
  return undefined;
}
