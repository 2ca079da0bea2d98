FROM mysql:8.4
ENV MYSQL_ROOT_PASSWORD=root MYSQL_DATABASE=app MYSQL_USER=app MYSQL_PASSWORD=app
COPY schema.sql /docker-entrypoint-initdb.d/01-schema.sql
HEALTHCHECK CMD mysqladmin ping -h localhost -uroot -proot
